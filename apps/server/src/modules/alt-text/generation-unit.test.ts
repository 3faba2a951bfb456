import { describe, expect, it } from 'vitest';
import type { UnitWork } from './generation-unit';
import { createGenerationUnit } from './generation-unit';

// The unit's `run` takes only options its `styled` made: a caller cannot forget the account's style
// (issue 30). The type check (tsc over the tests) proves the second half: the expected type error
// below becomes a build error if a plain request's options were ever accepted again.
describe('generation unit: the account style', () => {
  it('styled() lays the account style under the request, and run() accepts only what styled() made', async () => {
    const unit = createGenerationUnit({
      ctx: { db: {} as never, now: Date.now },
      engine: { describe: () => Promise.reject(new Error('not described here')) },
      metering: {} as never,
      usage: {} as never,
      logger: { warn: () => undefined },
      withAccountStyle: async (userId, options) => ({ language: 'de', ...options, instructions: `style of ${userId}` }),
    });
    const styled = await unit.styled('user-1', { maxLength: 120 });
    expect(styled).toEqual({ language: 'de', maxLength: 120, instructions: 'style of user-1' });
    const optionsOfRun = (options: UnitWork['options']) => options;
    expect(optionsOfRun(styled)).toBe(styled);
    // @ts-expect-error a request's own options, without the account's style, are not a unit's options
    expect(optionsOfRun({ maxLength: 120 })).toEqual({ maxLength: 120 });
  });
});
