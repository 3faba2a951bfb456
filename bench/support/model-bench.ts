import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTestServer } from '@altwise/server/test-support/test-server';
import { startExternalImageHost } from './fixtures';
import { startLoopbackProcess } from './loopback-process';

/** A server (SQLite, in process) whose model is the fake OpenAI-compatible one at `modelUrl`, allowed to fetch from `hostPort`. */
function startModelServer(modelUrl: string, hostPort: string, env: Record<string, string>) {
  return startTestServer('sqlite', {
    IMAGE_FETCH_ALLOW: hostPort,
    ALT_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: modelUrl,
    OPENAI_API_KEY: 'bench',
    ...env,
  });
}

/**
 * A server whose model is the fake one answering after `latencyMs`, in this process (its requests
 * can be read and replayed), and the image host it may fetch from: what the model-bound benches share.
 */
export async function startModelBench(latencyMs: number, env: Record<string, string> = {}) {
  const vision = await startFakeVisionServer({ latencyMs });
  const host = await startImageHost();
  const server = await startModelServer(vision.url, host.hostPort, env);
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
 * A server whose model (external-model.ts) and image host (serving `images`, PNGs, at /<name>) are
 * processes of their own, as a provider and an image host are other machines: throughput against
 * the model's own limit, with the server's event loop its own.
 */
export async function startExternalModelBench(latencyMs: number, images: ReadonlyMap<string, Buffer>, env: Record<string, string> = {}) {
  const model = await startLoopbackProcess('external-model.ts', [String(latencyMs)]);
  const host = await startExternalImageHost(images, 'image/png');
  const server = await startModelServer(`http://127.0.0.1:${model.port}/v1`, host.hostPort, env);
  return {
    hostUrl: host.url,
    server,
    /** Stops everything; resolves with the number of calls the model answered. */
    async close(): Promise<number> {
      await server.close();
      await host.close();
      return Number((await model.stop())[0]);
    },
  };
}
