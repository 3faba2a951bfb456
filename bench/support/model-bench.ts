import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTestServer } from '@altwise/server/test-support/test-server';
import { startLoopbackProcess } from './loopback-process';

/** A server (SQLite, in process) whose model is the fake OpenAI-compatible one at `modelUrl`, and the loopback image host it may fetch from. */
async function startServerAndHost(modelUrl: string, env: Record<string, string>) {
  const host = await startImageHost();
  const server = await startTestServer('sqlite', {
    IMAGE_FETCH_ALLOW: host.hostPort,
    ALT_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: modelUrl,
    OPENAI_API_KEY: 'bench',
    ...env,
  });
  return { host, server };
}

/**
 * A server whose model is the fake one answering after `latencyMs`, in this process (its requests
 * can be read and replayed), and the image host it may fetch from: what the model-bound benches share.
 */
export async function startModelBench(latencyMs: number, env: Record<string, string> = {}) {
  const vision = await startFakeVisionServer({ latencyMs });
  const { host, server } = await startServerAndHost(vision.url, env);
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

/**
 * `startModelBench` with the model (external-model.ts) in a process of its own: throughput against the
 * model's own limit.
 */
export async function startExternalModelBench(latencyMs: number, env: Record<string, string> = {}) {
  const model = await startLoopbackProcess('external-model.ts', [String(latencyMs)]);
  const { host, server } = await startServerAndHost(`http://127.0.0.1:${model.port}/v1`, env);
  return {
    host,
    server,
    /** Stops everything; resolves with the number of calls the model answered. */
    async close(): Promise<number> {
      await server.close();
      await host.close();
      return Number((await model.stop())[0]);
    },
  };
}
