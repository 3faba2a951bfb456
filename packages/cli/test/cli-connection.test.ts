// A new user's first runs of the real `altwise` binary (issue 21): the server it goes to by default,
// what it says when nothing answers there, and `describe` on several images when some of them fail.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../apps/server/src/config';
import { freePort } from '@altwise/server/test-support/server-process';
import { loadCliConfig } from '../src/config';
import type { FakeApi } from './fake-api';
import { startFakeApi } from './fake-api';
import { PNG_BYTES } from './png';
import { ALTWISE_BIN } from './run-altwise';

const SERVED = `http://localhost:${loadConfig({}).port}`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let api: FakeApi;
let site: string;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h13-'));
  api.requests.length = 0;
});
afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

function altwise(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { cwd: site, env: { ...process.env, ALTWISE_API_KEY: 'ak_live_test', ALTWISE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the default server', () => {
  it('is the one `npm start` serves, in the configuration and in --help', async () => {
    expect(loadCliConfig({}, {}, site).url).toBe(SERVED);
    const help = await altwise(['--help'], {});
    expect(help.code).toBe(0);
    // Commander wraps the help to the terminal's width.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`then ${SERVED})`);
  });
});

describe('a server that does not answer', () => {
  it('is named in the error, with what to do, and exits 2', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await altwise(['check', 'A red fishing boat'], { ALTWISE_URL: url });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`altwise: Could not reach the Altwise API at ${url}`);
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.stderr).toContain(`is the server running? \`npm start\` serves ${SERVED}; --url or ALTWISE_URL names another`);
    expect(run.stderr).not.toContain('HTTP 0');
  });

  it('stops describe at once: every other image would meet the same closed door', async () => {
    fs.writeFileSync(path.join(site, 'a.png'), PNG_BYTES);
    fs.writeFileSync(path.join(site, 'b.png'), PNG_BYTES);
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await altwise(['describe', 'a.png', 'b.png'], { ALTWISE_URL: url });
    expect(run.code).toBe(2);
    expect(run.stderr.match(/Could not reach/g)).toHaveLength(1);
    expect(run.stdout).toBe('');
  });
});

describe('describe on several images', () => {
  beforeEach(() => {
    for (const name of ['a.png', 'refused.png', 'c.png']) fs.writeFileSync(path.join(site, name), PNG_BYTES);
    api.answer = (body) =>
      body.fileName === 'refused.png'
        ? { altText: '', status: 422, error: { code: 'unsupported_image', message: 'The image could not be decoded' } }
        : { altText: `A red car, ${String(body.fileName)}`, verification: 'model' };
  });

  it('goes on past failed images, reports each one, and exits 1', async () => {
    const run = await altwise(['describe', 'a.png', 'missing.png', 'refused.png', 'c.png'], { ALTWISE_URL: api.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('a.png: A red car, a.png\nc.png: A red car, c.png\n');
    expect(run.stderr).toContain('altwise: missing.png: no such file\n');
    expect(run.stderr).toContain('altwise: refused.png: The image could not be decoded (unsupported_image, HTTP 422)');
    expect(run.stderr).toContain('2 of 4 images failed');
    expect(api.requests.filter((request) => request.path === '/api/v1/images')).toHaveLength(3);
  });

  it('--json keeps one entry per input, in order, a failure as { input, error }', async () => {
    const run = await altwise(['describe', 'a.png', 'refused.png', '--json'], { ALTWISE_URL: api.url });
    expect(run.code).toBe(1);
    const entries = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ altText: 'A red car, a.png' });
    expect(entries[1]).toEqual({ input: 'refused.png', error: { code: 'unsupported_image', message: 'The image could not be decoded', status: 422 } });
  });

  it('one image that fails: exit 1 and its reason', async () => {
    const run = await altwise(['describe', 'refused.png'], { ALTWISE_URL: api.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('altwise: refused.png: The image could not be decoded (unsupported_image, HTTP 422)');
  });
});
