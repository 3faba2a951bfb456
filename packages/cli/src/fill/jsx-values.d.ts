import type { ScannedAttr, ScannedTag } from './tag-scanner';
export declare const UNKNOWN: unique symbol;
/** A string, a boolean, null (undefined/null: not rendered), or UNKNOWN. */
export type StaticValue = string | boolean | null | typeof UNKNOWN;
/** The static value of a JSX expression's text (between the braces). */
export declare function evaluateExpression(expression: string): StaticValue;
/** What an attribute renders: in JSX a bare attribute is `true`; in HTML-like templates, ''. */
export declare function staticValueOf(attr: ScannedAttr, jsx: boolean): StaticValue;
/**
 * An attribute of a scanned tag by name, case-insensitive (HTML attribute names are; React renders
 * `ALT` as `alt`). A bound Vue attribute is UNKNOWN.
 */
export declare function findAttr(tag: ScannedTag, name: string): ScannedAttr | undefined;
export declare function attrValue(tag: ScannedTag, name: string, jsx: boolean): StaticValue | undefined;
/** A JSX {...spread} or Vue's v-bind="object": it may carry any attribute. */
export declare const hasSpread: (tag: ScannedTag) => boolean;
