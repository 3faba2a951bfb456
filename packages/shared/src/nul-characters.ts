import { z } from 'zod';

export const NUL_CHARACTER_MESSAGE = 'Must not contain a NUL character (\\u0000)';

/**
 * Where a string holding U+0000 sits in a parsed JSON value (its path: `['images', 2, 'url']`),
 * or null. Object keys count too. PostgreSQL text cannot store NUL at all and nothing we accept
 * needs it, so one rule for every string keeps both databases behaving alike. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function pathOfNulCharacter(value: unknown): Array<string | number> | null {
  // Each entry links to its parent, so a path is built only once, for the string that has a NUL.
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string) => {
    const reversed: Array<string | number> = last === undefined ? [] : [last];
    for (let at = step; at !== null && at.key !== null; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const node = step.value;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) pending.push({ value: node[index], key: index, parent: step });
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        if (key.includes('\u0000')) return pathOf(step, key);
        pending.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}

/**
 * The schema, refusing any string anywhere in its input that holds U+0000, with an issue at that
 * string's path. The server wraps every route schema (body, query, params) with it, so no
 * individual field needs to remember the rule.
 */
export function rejectNulCharacters<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = pathOfNulCharacter(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE, fatal: true });
    })
    .pipe(schema);
}
