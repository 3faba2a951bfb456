import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request body, up to `maxBytes` or `maxMs`, as nginx's
 * lingering close does: answering a 413 and closing while the client is still sending makes
 * the client's next write fail (EPIPE) before it ever reads the answer. Resolves when the body
 * ended or a bound was reached (the connection then closes as before).
 */
export function drainBody(raw: IncomingMessage, bounds: { maxBytes: number; maxMs: number }): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bounds.maxBytes) finish();
    };
    const timer = setTimeout(finish, bounds.maxMs);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}
