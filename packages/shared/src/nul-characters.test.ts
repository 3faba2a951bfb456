import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_CHARACTER_MESSAGE, pathOfNulCharacter, rejectNulCharacters } from './nul-characters';

describe('NUL characters', () => {
  it('finds the path of a NUL in a nested string or key, and nothing in clean input', () => {
    expect(pathOfNulCharacter({ a: 'x', b: ['ok', { c: 'n\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(pathOfNulCharacter({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(pathOfNulCharacter({ a: ['x', 1, null, true], b: { c: 'y' } })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(pathOfNulCharacter(deep)).toHaveLength(200_000);
  });

  it('wraps any schema with an issue at the offending path', () => {
    const schema = rejectNulCharacters(z.object({ name: z.string() }));
    const result = schema.safeParse({ name: 'Ada\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: NUL_CHARACTER_MESSAGE })]);
    expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
