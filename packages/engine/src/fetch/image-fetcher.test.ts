import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { EngineError } from '../errors/engine-error';
import { fetchImage } from './image-fetcher';
import type { HostResolver } from './ssrf-guard';

const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 7),
]);

let host: ImageHost;
let allow: string[];

beforeAll(async () => {
  host = await startImageHost({
    '/ok.png': { body: PNG_BYTES, contentType: 'image/png' },
    '/missing.png': { status: 404, body: 'nope' },
    '/broken.png': { status: 500, body: 'boom' },
    '/big-chunked.png': { body: Buffer.alloc(300_000, 1), chunked: true, contentType: 'image/png' },
    '/big-declared.png': { body: Buffer.alloc(300_000, 1), contentType: 'image/png' },
    '/stall.png': { stall: true },
    '/stall-body.png': { body: Buffer.alloc(50_000, 1), stallBody: true },
    '/to-private.png': { redirectTo: 'http://127.0.0.2:9/secret' },
    '/to-metadata.png': { redirectTo: 'http://169.254.169.254/latest/meta-data/' },
    '/to-ftp.png': { redirectTo: 'ftp://example.com/a.png' },
    '/hop1': { redirectTo: '/hop2' },
    '/hop2': { redirectTo: '/hop3' },
    '/hop3': { redirectTo: '/ok.png' },
    '/loop0': { redirectTo: '/loop1' },
    '/loop1': { redirectTo: '/loop2' },
    '/loop2': { redirectTo: '/loop3' },
    '/loop3': { redirectTo: '/loop4' },
    '/loop4': { redirectTo: '/ok.png' },
  });
  allow = [host.hostPort];
});

afterAll(() => host.close());

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('fetchImage', () => {
  it('fetches from an allow-listed loopback host', async () => {
    const result = await fetchImage(`${host.url}/ok.png`, { allow });
    expect(result.bytes.equals(PNG_BYTES)).toBe(true);
    expect(result.finalUrl.href).toBe(`${host.url}/ok.png`);
  });

  it('refuses the same loopback host when it is not allow-listed', async () => {
    const before = host.hits('/ok.png');
    expect((await failure(fetchImage(`${host.url}/ok.png`))).code).toBe('url_not_allowed');
    expect(host.hits('/ok.png')).toBe(before);
  });

  it('refuses a redirect to a private address', async () => {
    expect((await failure(fetchImage(`${host.url}/to-private.png`, { allow }))).code).toBe('url_not_allowed');
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    expect((await failure(fetchImage(`${host.url}/to-metadata.png`, { allow }))).code).toBe(
      'url_not_allowed',
    );
  });

  it('refuses a redirect to a non-http scheme', async () => {
    expect((await failure(fetchImage(`${host.url}/to-ftp.png`, { allow }))).code).toBe('url_not_allowed');
  });

  it('follows up to three redirects, re-checking each', async () => {
    const result = await fetchImage(`${host.url}/hop1`, { allow });
    expect(result.finalUrl.href).toBe(`${host.url}/ok.png`);
  });

  it('refuses a fourth redirect', async () => {
    const error = await failure(fetchImage(`${host.url}/loop0`, { allow }));
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/redirect/);
    expect(host.hits('/loop4')).toBe(0);
  });

  it('calls a 404 and a 500 unreachable', async () => {
    const missing = await failure(fetchImage(`${host.url}/missing.png`, { allow }));
    expect(missing.code).toBe('unreachable');
    expect(missing.message).toContain('404');
    expect((await failure(fetchImage(`${host.url}/broken.png`, { allow }))).code).toBe('unreachable');
  });

  it('stops a streamed body without Content-Length at the byte cap', async () => {
    const error = await failure(fetchImage(`${host.url}/big-chunked.png`, { allow, maxBytes: 100_000 }));
    expect(error.code).toBe('too_large');
  });

  it('refuses early when Content-Length is over the cap', async () => {
    expect(
      (await failure(fetchImage(`${host.url}/big-declared.png`, { allow, maxBytes: 100_000 }))).code,
    ).toBe('too_large');
  });

  it('gives up on a server that never answers at the deadline', async () => {
    // The host never answers: without the deadline this would run into the test's own timeout.
    const error = await failure(fetchImage(`${host.url}/stall.png`, { allow, timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
  });

  it('gives up on a body that stops half way at the deadline', async () => {
    const error = await failure(fetchImage(`${host.url}/stall-body.png`, { allow, timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
  });

  it('counts slow DNS against the same deadline', async () => {
    const slowDns: HostResolver = () => new Promise(() => undefined);
    const error = await failure(
      fetchImage('http://slow.example/a.png', { resolve: slowDns, timeoutMs: 200 }),
    );
    expect(error.code).toBe('timeout');
  });

  it('connects to the address that was checked and keeps the original Host header', async () => {
    // "images.test" exists only in this resolver: reaching the host proves the socket used
    // the checked address instead of asking the system resolver a second time.
    const resolve = vi.fn<HostResolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const result = await fetchImage(`http://images.test:${host.port}/ok.png`, {
      resolve,
      allow: [`images.test:${host.port}`],
    });
    expect(result.bytes.equals(PNG_BYTES)).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(host.requests.at(-1)?.headers.host).toBe(`images.test:${host.port}`);
  });

  it('refuses a name that resolves to loopback unless allow-listed', async () => {
    const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const error = await failure(fetchImage(`http://rebind.test:${host.port}/ok.png`, { resolve }));
    expect(error.code).toBe('url_not_allowed');
  });

  it('reports a closed port as unreachable', async () => {
    const error = await failure(
      fetchImage('http://127.0.0.1:9/a.png', { allow: ['127.0.0.1:9'], timeoutMs: 2_000 }),
    );
    expect(error.code).toBe('unreachable');
  });

  it('passes a caller abort through instead of calling it a timeout', async () => {
    const controller = new AbortController();
    const pending = fetchImage(`${host.url}/stall.png`, {
      allow,
      timeoutMs: 5_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
  });
});
