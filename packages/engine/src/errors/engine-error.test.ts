import { describe, expect, it } from 'vitest';
import { EngineError, isEngineError } from './engine-error';

describe('EngineError', () => {
  it('carries a code from the closed list and a cause for logs only', () => {
    const cause = new Error('connect ECONNREFUSED 10.0.0.5:80');
    const error = new EngineError('unreachable', 'The image host could not be reached', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'EngineError', code: 'unreachable', cause });
  });

  it('is recognised by isEngineError, optionally by code', () => {
    const error = new EngineError('timeout', 'Too slow');
    expect(isEngineError(error)).toBe(true);
    expect(isEngineError(error, 'timeout')).toBe(true);
    expect(isEngineError(error, 'too_large')).toBe(false);
    expect(isEngineError(new Error('x'))).toBe(false);
  });
});
