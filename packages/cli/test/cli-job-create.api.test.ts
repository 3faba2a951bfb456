// `altwise job create <folder|zip>`: the real binary against a real server with the fake model.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPng, setPlan } from '@altwise/server/alt-text-test-support';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { buildZip } from '@altwise/test-support/zip';
import { ALTWISE_BIN } from './run-altwise';


interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('altwise job create', () => {
  let vision: FakeVisionServer;
  let server: TestServer;
  let env: Record<string, string>;
  let token: string;
  let work: string;

  beforeAll(async () => {
    vision = await startFakeVisionServer();
    server = await startTestServer('sqlite', { ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test' });
    const user = await registerUser(server);
    token = user.token;
    await setPlan(server, user.user.userId as string, 'pro');
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: { name: 'CLI test' } })).body.apiKey as string;
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-job-create-'));
  });
  afterAll(async () => {
    fs.rmSync(work, { recursive: true, force: true });
    await server.close();
    await vision.close();
  });

  const altwise = (args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { cwd: work, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  const paths = async (id: string) => {
    const results = await server.request('GET', `/api/v1/jobs/${id}/results`, { token });
    return results.body.items.map((item: { path: string; status: string }) => [item.path, item.status]);
  };

  it('walks a folder (dotfiles, non-images and links out of it skipped, a loop walked once), uploads with progress and follows the job', async () => {
    const folder = path.join(work, 'photos');
    fs.mkdirSync(path.join(folder, 'shoes'), { recursive: true });
    fs.mkdirSync(path.join(folder, '.git'));
    fs.writeFileSync(path.join(folder, 'a.png'), await distinctPng(16));
    fs.writeFileSync(path.join(folder, 'shoes', 'b.png'), await distinctPng(16));
    fs.writeFileSync(path.join(folder, '.hidden.png'), await distinctPng(16));
    fs.writeFileSync(path.join(folder, '.git', 'x.png'), await distinctPng(16));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
    fs.writeFileSync(path.join(folder, 'key.png'), 'a secret named like an image');
    const outside = path.join(work, 'outside.png');
    fs.writeFileSync(outside, await distinctPng(16));
    fs.symlinkSync(outside, path.join(folder, 'out.png'));
    fs.symlinkSync(folder, path.join(folder, 'shoes', 'loop'));

    const run = await altwise(['job', 'create', 'photos', '--wait']);
    expect(run.code, run.stderr).toBe(0);
    const id = run.stdout.trim();
    expect(id).toMatch(/^[\w-]{8,}$/);
    expect(run.stderr).toContain('skipped key.png: not an image (JPEG, PNG, GIF, WebP or AVIF)');
    expect(run.stderr).toContain('skipped notes.txt: not an image');
    expect(run.stderr).toContain('skipped out.png: a link that leads out of the folder');
    expect(run.stderr).toMatch(/Found 2 images \(\d+ (bytes|KB)\), skipped 3 other files/);
    expect(run.stderr).toMatch(/Uploading: 2\/2 files, \d+ (bytes|KB) of \d+ (bytes|KB)/);
    // Named by the folder it came from.
    expect(run.stderr).toContain(`Job ${id} (photos): 2 images; follow it at ${server.url}/app/jobs/${id}`);
    expect(run.stderr).toContain('Job completed: 2 described, 0 failed');
    expect(await paths(id)).toEqual([
      ['a.png', 'succeeded'],
      ['shoes/b.png', 'succeeded'],
    ]);
  });

  it('sends a .zip as it is; entries become items by their paths, refused ones exit 1', async () => {
    const zip = path.join(work, 'catalogue.zip');
    fs.writeFileSync(zip, buildZip([{ name: 'boots/red.png', data: await distinctPng(16) }, { name: 'boots/readme.txt', data: Buffer.from('hello') }]));
    const run = await altwise(['job', 'create', 'catalogue.zip']);
    expect(run.code, run.stderr).toBe(1);
    const id = run.stdout.trim();
    expect(run.stderr).toContain('refused #2: boots/readme.txt: not an image (JPEG, PNG, GIF, WebP or AVIF)');
    expect(run.stderr).toContain(`Job ${id} (catalogue.zip): 1 image, 1 refused`);
    expect((await paths(id)).map(([name]: [string]) => name)).toEqual(['boots/red.png']);
  });

  it('a folder without images, or something that is neither, is an error before any upload', async () => {
    fs.mkdirSync(path.join(work, 'empty'));
    fs.writeFileSync(path.join(work, 'empty', 'a.txt'), 'text');
    // Whatever jobs the other tests made, before this one or not (a shuffled run).
    const jobCount = async () => ((await server.request('GET', '/api/v1/jobs', { token })).body.items as unknown[]).length;
    const jobsBefore = await jobCount();
    const empty = await altwise(['job', 'create', 'empty']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('No images in empty');
    const missing = await altwise(['job', 'create', 'nowhere']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Not found: nowhere');
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('is in the help', async () => {
    const help = await altwise(['job', 'create', '--help']);
    expect(help.stdout).toContain('start a job from the images in a folder');
    expect(help.stdout).toContain('--wait');
  });
});
