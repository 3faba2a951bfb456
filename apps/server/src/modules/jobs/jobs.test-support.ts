// Shared set-up of the jobs API suites: a loopback image host, the fake vision model (one model
// call per attempt, so retries are the job's own), an optional controlled clock, and helpers.
import type { Job } from '@altwise/shared';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { TestDatabase, TestServer } from '../../../test/support/test-server';
import { registerUser, startTestServer } from '../../../test/support/test-server';
import { TEST_RETRY, distinctPng, setPlan } from '../alt-text/alt-text.test-support';

export interface JobsTestEnv {
  server: TestServer;
  host: ImageHost;
  vision: FakeVisionServer;
  /** Hosts `count` fresh images and returns their URLs. */
  hostImages(count: number): Promise<string[]>;
  proUser(): Promise<{ token: string; userId: string }>;
  /** Polls the job until it is over (or `until` holds), failing after `timeoutMs`. */
  waitFor(token: string, id: string, until?: (job: Job) => boolean, timeoutMs?: number): Promise<Job>;
  close(): Promise<void>;
}

let paths = 0;
const OVER = ['completed', 'cancelled', 'failed'];

export async function startJobsEnv(
  database: TestDatabase,
  options: {
    env?: Record<string, string>;
    now?: () => number;
    /** The monotonic clock economy answers are timed by. */
    monotonic?: () => number;
    /** WEBHOOK_ALLOW entries (loopback receivers). */
    webhookAllow?: string[];
    webhookRetryBaseMs?: number;
    /** The window MODEL_RPM counts in (a minute). */
    modelRateWindowMs?: number;
  } = {},
): Promise<JobsTestEnv> {
  const host = await startImageHost();
  const vision = await startFakeVisionServer();
  const server = await startTestServer(
    database,
    { IMAGE_FETCH_ALLOW: host.hostPort, WEBHOOK_ALLOW: (options.webhookAllow ?? []).join(','), ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test', ...options.env },
    { provider: { retry: { ...TEST_RETRY, maxAttempts: 1 } }, now: options.now, webhooks: { retryBaseMs: options.webhookRetryBaseMs }, economy: { monotonic: options.monotonic }, jobs: { modelRateWindowMs: options.modelRateWindowMs } },
  );
  return {
    server,
    host,
    vision,
    async hostImages(count) {
      const urls: string[] = [];
      for (let i = 0; i < count; i += 1) {
        paths += 1;
        const at = `/jobs/image-${paths}.png`;
        host.set(at, { body: await distinctPng(16), contentType: 'image/png' });
        urls.push(host.url + at);
      }
      return urls;
    },
    async proUser() {
      const session = await registerUser(server);
      await setPlan(server, session.user.userId, 'pro');
      return { token: session.token, userId: session.user.userId as string };
    },
    async waitFor(token, id, until = (job) => OVER.includes(job.status), timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = await server.request('GET', `/api/v1/jobs/${id}`, { token });
        if (response.status !== 200) throw new Error(`GET job: ${response.status}`);
        if (until(response.body)) return response.body as Job;
        if (Date.now() > deadline) throw new Error(`job ${id} still ${JSON.stringify(response.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await server.close();
      await host.close();
      await vision.close();
    },
  };
}

/** Usage events the account's job items recorded, by outcome. */
export async function jobEvents(server: TestServer, userId: string) {
  const rows = await server.app.db.selectFrom('usage_events').select(['outcome']).where('user_id', '=', userId).where('endpoint', '=', 'POST /api/v1/jobs').execute();
  return { success: rows.filter((row) => row.outcome === 'success').length, error: rows.filter((row) => row.outcome === 'error').length };
}
