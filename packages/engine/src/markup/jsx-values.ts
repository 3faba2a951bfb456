// What a scanned attribute renders, read statically: a quoted value as is; a JSX {…} value only when
// it is a literal ("photo", `photo` without ${}, undefined, null, true, false, a boolean-valued
// expression). Anything else depends on run time: unknown, never guessed.
import type { ScannedAttr, ScannedTag } from './tag-scanner';

export const UNKNOWN = Symbol('unknown');
/** A string, a boolean, null (undefined/null: not rendered), or UNKNOWN. */
export type StaticValue = string | boolean | null | typeof UNKNOWN;

/** A boolean expression of literals (`false || false`, `!true && (true)`), or undefined when it is not one. */
function booleanOf(text: string): boolean | undefined {
  const tokens = text.match(/true|false|&&|\|\||!|\(|\)|\S/g) ?? [];
  let index = 0;
  const peek = () => tokens[index];
  // or := and ('||' and)* ; and := not ('&&' not)* ; not := '!' not | '(' or ')' | literal
  const not = (): boolean | undefined => {
    const token = tokens[index++];
    if (token === '!') {
      const value = not();
      return value === undefined ? undefined : !value;
    }
    if (token === '(') {
      const value = or();
      return tokens[index++] === ')' ? value : undefined;
    }
    return token === 'true' ? true : token === 'false' ? false : undefined;
  };
  const chain = (operator: string, operand: () => boolean | undefined, combine: (a: boolean, b: boolean) => boolean) => () => {
    let value = operand();
    while (value !== undefined && peek() === operator) {
      index += 1;
      const next = operand();
      value = next === undefined ? undefined : combine(value, next);
    }
    return value;
  };
  const and = chain('&&', not, (a, b) => a && b);
  const or: () => boolean | undefined = chain('||', and, (a, b) => a || b);
  const value = or();
  return index === tokens.length ? value : undefined;
}

/** The static value of a JSX expression's text (between the braces). */
export function evaluateExpression(expression: string): StaticValue {
  const text = expression.trim();
  const literal = /^(["'])((?:\\.|(?!\1)[^\\])*)\1$/s.exec(text) ?? /^(`)([^`$\\]*)`$/s.exec(text);
  if (literal) return literal[2]!.replace(/\\(.)/g, '$1');
  if (text === 'undefined' || text === 'null') return null;
  const bool = booleanOf(text);
  if (bool !== undefined) return bool;
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return text;
  return UNKNOWN;
}

/** What an attribute renders: in JSX a bare attribute is `true`; in HTML-like templates, ''. */
export function staticValueOf(attr: ScannedAttr, jsx: boolean): StaticValue {
  if (attr.quote === '{') return evaluateExpression(attr.value ?? '');
  if (attr.value === null) return jsx ? true : '';
  return attr.value;
}

/** Vue's bound attributes (:alt, v-bind:alt) are expressions too. */
const boundName = (name: string) => /^(?::|v-bind:)(.+)$/i.exec(name)?.[1];

/**
 * An attribute of a scanned tag by name, case-insensitive (HTML attribute names are; React renders
 * `ALT` as `alt`). A bound Vue attribute is UNKNOWN.
 */
export function findAttr(tag: ScannedTag, name: string): ScannedAttr | undefined {
  return tag.attrs.find((entry) => entry.name.toLowerCase() === name || boundName(entry.name)?.toLowerCase() === name);
}

export function attrValue(tag: ScannedTag, name: string, jsx: boolean): StaticValue | undefined {
  const attr = findAttr(tag, name);
  if (!attr) return undefined;
  return boundName(attr.name) ? UNKNOWN : staticValueOf(attr, jsx);
}

/** A JSX {...spread} or Vue's v-bind="object": it may carry any attribute. */
export const hasSpread = (tag: ScannedTag) => tag.attrs.some((entry) => entry.name === '{spread}' || entry.name === 'v-bind');
