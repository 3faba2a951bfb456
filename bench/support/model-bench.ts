import { spawn } from 'node:child_process';
import path from 'node:path';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTestServer } from '@altwise/server/test-support/test-server';

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

/** The fake model answering after `latencyMs` in a process of its own (see external-model.ts). */
export async function startExternalModel(latencyMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'external-model.ts'), String(latencyMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      if (lines.length === 1) resolve(Number(lines[0]));
    });
    child.once('exit', (code) => reject(new Error(`fake model exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** Stops it; resolves with the number of calls it answered. */
    async close(): Promise<number> {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return Number(lines[1]);
    },
  };
}

/** `startModelBench` with the model in a process of its own: throughput against the model's own limit. */
export async function startExternalModelBench(latencyMs: number, env: Record<string, string> = {}) {
  const model = await startExternalModel(latencyMs);
  const { host, server } = await startServerAndHost(model.url, env);
  return {
    host,
    server,
    /** Stops everything; resolves with the number of calls the model answered. */
    async close(): Promise<number> {
      await server.close();
      await host.close();
      return model.close();
    },
  };
}
