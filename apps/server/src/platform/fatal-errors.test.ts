import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { handleFatalErrors } from './fatal-errors';

function setUp(close: () => Promise<void>, closeTimeoutMs = 1_000) {
  const target = new EventEmitter();
  const logged: { object: object; message: string }[] = [];
  const exited: number[] = [];
  const closeSpy = vi.fn(close);
  handleFatalErrors(target, {
    logger: () => ({ fatal: (object, message) => logged.push({ object, message }) }),
    close: closeSpy,
    exit: (code) => exited.push(code),
    closeTimeoutMs,
  });
  return { target, logged, exited, closeSpy };
}

describe('process-level error handlers', () => {
  it('logs an uncaught exception with its origin, closes the app, then exits with 1', async () => {
    const { target, logged, exited, closeSpy } = setUp(async () => {});
    const error = new Error('boom');
    target.emit('uncaughtException', error);
    expect(logged).toEqual([{ object: { err: error, origin: 'uncaughtException' }, message: 'fatal error, exiting' }]);
    expect(closeSpy).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(exited).toEqual([1]));
  });

  it('treats an unhandled rejection the same way', async () => {
    const { target, logged, exited } = setUp(async () => {});
    target.emit('unhandledRejection', 'a reason that is not an Error');
    expect(logged[0]?.object).toEqual({ err: 'a reason that is not an Error', origin: 'unhandledRejection' });
    await vi.waitFor(() => expect(exited).toEqual([1]));
  });

  it('exits once, after the close, even when a second error arrives while closing', async () => {
    let finishClose = () => {};
    const { target, logged, exited, closeSpy } = setUp(() => new Promise<void>((resolve) => (finishClose = resolve)));
    target.emit('uncaughtException', new Error('first'));
    target.emit('unhandledRejection', new Error('second'));
    expect(logged).toHaveLength(2);
    expect(closeSpy).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(exited).toEqual([]);
    finishClose();
    await vi.waitFor(() => expect(exited).toEqual([1]));
  });

  it('exits when the close hangs past its deadline, and when it fails', async () => {
    vi.useFakeTimers();
    try {
      const hung = setUp(() => new Promise<void>(() => {}), 5_000);
      hung.target.emit('uncaughtException', new Error('boom'));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(hung.exited).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(hung.exited).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
    const failing = setUp(() => Promise.reject(new Error('close failed')));
    failing.target.emit('uncaughtException', new Error('boom'));
    await vi.waitFor(() => expect(failing.exited).toEqual([1]));
  });
});
