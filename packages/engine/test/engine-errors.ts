import { expect } from 'vitest';
import { EngineError } from '../src/errors/engine-error';

/** The code of the EngineError a promise rejects with; fails the test on anything else. */
export async function failureCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EngineError);
  return (error as EngineError).code;
}
