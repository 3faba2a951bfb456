// Shared set-up of the alt-text API suites: images made with sharp (nothing binary to review),
// a loopback image host and, when asked, the loopback fake vision model.
import type { RetryPolicy } from '@altwise/engine';
import sharp from 'sharp';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { TestDatabase, TestServer } from '../../../test/support/test-server';
import { startTestServer } from '../../../test/support/test-server';

let colour = 0;

/** A small PNG no other test has used: a fresh colour each call, so never a cache hit by accident. */
export async function distinctPng(size = 48): Promise<Buffer> {
  colour += 1;
  const background = { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 53 + colour / 256) % 256 };
  return sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
}

/**
 * Short backoffs for a fast suite; deadlines that only guard against a hang. A loopback answer takes
 * milliseconds idle and seconds on a loaded machine: a 700 ms deadline timed out calls a test held
 * on purpose (the batch limit test) at a load of 15-24. A test of the deadline itself stalls the
 * model and passes STALLED_MODEL_RETRY.
 */
export const TEST_RETRY: Partial<RetryPolicy> = {
  attemptTimeoutMs: 10_000,
  overallTimeoutMs: 20_000,
  baseDelayMs: 5,
  maxDelayMs: 20,
};

/** For a model that never answers: the deadline is what the test proves, however loaded the machine. */
export const STALLED_MODEL_RETRY: Partial<RetryPolicy> = { ...TEST_RETRY, attemptTimeoutMs: 300, overallTimeoutMs: 700 };

export interface AltTextTestEnv {
  server: TestServer;
  host: ImageHost;
  vision: FakeVisionServer | null;
  /** Hosts a fresh image and returns its URL. */
  hostImage(bytes?: Buffer, path?: string): Promise<string>;
  close(): Promise<void>;
}

let paths = 0;

export async function startAltTextEnv(
  database: TestDatabase,
  options: { model?: boolean; retry?: Partial<RetryPolicy>; env?: Record<string, string>; now?: () => number } = {},
): Promise<AltTextTestEnv> {
  const host = await startImageHost();
  const vision = options.model ? await startFakeVisionServer() : null;
  // The loopback host serves both the images and the pages some suites audit.
  const env: Record<string, string> = { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort, ...options.env };
  if (vision) Object.assign(env, { ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test' });
  const server = await startTestServer(database, env, { provider: { retry: options.retry ?? TEST_RETRY }, now: options.now });
  return {
    server,
    host,
    vision,
    async hostImage(bytes, path) {
      paths += 1;
      const at = path ?? `/images/photo-${paths}.png`;
      host.set(at, { body: bytes ?? (await distinctPng()), contentType: 'image/png' });
      return host.url + at;
    },
    async close() {
      await server.close();
      await host.close();
      await vision?.close();
    },
  };
}

/** Sets a user's plan directly: billing is another module's business, not these suites'. */
export async function setPlan(server: TestServer, userId: string, plan: string): Promise<void> {
  await server.app.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

export function uploadForm(bytes: Buffer, fileName = 'sunset-over-harbour.png', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
  return form;
}
