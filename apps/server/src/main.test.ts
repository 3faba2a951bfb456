import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startImageHost } from '@altwise/test-support/image-host';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ALT_PROVIDER: 'offline', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('main', () => {
  it('prints the URL and provider, then shuts down cleanly on SIGTERM, finishing in-flight requests', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-main-'));
    const port = await freePort();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    // The image host answers only once the signal is sent, so the demo request below is in flight at SIGTERM.
    let signalSent = () => {};
    const gate = new Promise<void>((resolve) => (signalSent = resolve));
    const imageHost = await startImageHost({ '/slow.png': { body: png, contentType: 'image/png', gate } });
    const server = startMain({ PORT: String(port), DATA_DIR: dataDir, IMAGE_FETCH_ALLOW: imageHost.hostPort, SHUTDOWN_TIMEOUT_MS: '5000' });
    try {
      // Until it says so or exits, with the test's timeout as the guard against a hang: a start takes
      // seconds on an idle machine and more than 20 s on a loaded one (seen in the shuffled runs, issue 30).
      while (!server.output().includes('Altwise is running') && server.child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.output()).toContain(`Altwise is running at http://localhost:${port} (AI provider: offline)`);

      // A request in flight when the signal arrives still gets its answer.
      const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrl: `${imageHost.url}/slow.png` }),
      });
      for (const deadline = Date.now() + 20_000; imageHost.hits('/slow.png') === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(imageHost.hits('/slow.png')).toBe(1);
      server.child.kill('SIGTERM');
      // Once the server has begun draining (readiness turns), the image comes.
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        if (ready?.status !== 200) break;
      }
      signalSent();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { altText: unknown }).altText).toEqual(expect.any(String));
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await imageHost.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('waits for an unreachable database for a bounded time, then exits with one line naming the host and the variable', async () => {
    const port = await freePort();
    const server = startMain({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/altwise`, DATABASE_START_TIMEOUT_MS: '1500' });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} after 2 s \\(.+\\); check DATABASE_URL$`));
  });

  it('refuses to start with a bad variable and names it', async () => {
    const server = startMain({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration: PORT/);
  });
});
