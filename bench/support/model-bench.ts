import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTestServer } from '@altwise/server/test-support/test-server';

/**
 * A server (SQLite, in process) whose model is the fake OpenAI-compatible one answering after
 * `latencyMs`, and the loopback image host it may fetch from: what the model-bound benches share.
 */
export async function startModelBench(latencyMs: number, env: Record<string, string> = {}) {
  const vision = await startFakeVisionServer({ latencyMs });
  const host = await startImageHost();
  const server = await startTestServer('sqlite', {
    IMAGE_FETCH_ALLOW: host.hostPort,
    ALT_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: vision.url,
    OPENAI_API_KEY: 'bench',
    ...env,
  });
  return {
    vision,
    host,
    server,
    async close() {
      await server.close();
      await host.close();
      await vision.close();
    },
  };
}
