// What a new user meets first with the real `altwise` binary (issue 35, row 19): `--version`, a plain
// message for a file that is not there, and progress on stderr when describing takes over a second.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeImages } from '../src/describe-images';
import type { Schedule } from '../src/slow-progress';
import type { FakeApi } from './fake-api';
import { startFakeApi } from './fake-api';
import { PNG_BYTES } from './png';
import { ALTWISE_BIN, ALTWISE_SOURCE_BIN } from './run-altwise';

const MANIFEST = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string };

interface Running {
  child: ChildProcess;
  stderr: () => string;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

let api: FakeApi;
let site: string;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-first-use-'));
  api.requests.length = 0;
  api.answer = (body) => ({ altText: `A red car, ${String(body.fileName)}`, verification: 'model' });
});
afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

function altwise(args: string[], bin = ALTWISE_BIN): Running {
  const child = spawn(process.execPath, [bin, ...args], { cwd: site, env: { ...process.env, ALTWISE_API_KEY: 'ak_live_test', ALTWISE_URL: api.url }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, stderr: () => stderr, done };
}

/** Resolves once `ready()` holds; a guard of 20 s (progress is due after one) fails the test instead of hanging it. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 50) {
    if (waited > 20_000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('altwise --version', () => {
  it('prints the package version alone on stdout and exits 0, from bin/altwise.mjs and from a bundle', async () => {
    for (const bin of new Set([ALTWISE_SOURCE_BIN, ALTWISE_BIN])) {
      for (const flag of ['--version', '-V']) {
        const run = await altwise([flag], bin).done;
        expect(run.code).toBe(0);
        expect(run.stdout).toBe(`${MANIFEST.version}\n`);
      }
    }
  });
});

describe('a file that is not there', () => {
  it('is named as typed, in plain words, without errno text or an absolute path', async () => {
    fs.writeFileSync(path.join(site, 'a.png'), PNG_BYTES);
    const run = await altwise(['describe', 'a.png', 'missing.png']).done;
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('a.png: A red car, a.png\n');
    expect(run.stderr).toContain('altwise: missing.png: no such file\n');
    expect(run.stderr).not.toContain('ENOENT');
    expect(run.stderr).not.toContain(site);
  });

  it('in a folder: the path as typed', async () => {
    const run = await altwise(['describe', 'photos/missing.png']).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`altwise: ${path.join('photos', 'missing.png')}: no such file`);
    expect(run.stderr).not.toContain('ENOENT');
  });
});

describe('describe that takes over a second', () => {
  it('says on stderr which image it is on while the answer is awaited', async () => {
    for (const name of ['a.png', 'b.png']) fs.writeFileSync(path.join(site, name), PNG_BYTES);
    const started: { running?: Running } = {};
    // The first answer is held until the CLI has said what it is waiting for: progress is seen
    // while the work is in flight, whatever the machine's speed.
    api.answer = async (body) => {
      if (body.fileName === 'a.png') await until(() => started.running!.stderr().includes('altwise: describing 1/2: a.png'), 'progress for a.png');
      return { altText: `A red car, ${String(body.fileName)}`, verification: 'model' };
    };
    started.running = altwise(['describe', 'a.png', 'b.png']);
    const run = await started.running.done;
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('a.png: A red car, a.png\nb.png: A red car, b.png\n');
    // Once shown, every later image is announced as it starts.
    expect(run.stderr).toContain('altwise: describing 2/2: b.png\n');
  }, 30_000);
});

describe('an audit that takes over a second', () => {
  afterEach(() => {
    api.audit = undefined;
  });

  it('says on stderr which page it is auditing while the answer is awaited; stdout keeps the table alone', async () => {
    const started: { running?: Running } = {};
    api.audit = async (body) => {
      await until(() => started.running!.stderr().includes(`altwise: auditing ${String(body.url)}`), 'progress for the audit');
      return { id: 'a1', finalUrl: body.url, summary: { images: 0, missing: 0, poor: 0, decorative: 0, ok: 0, broken: 0 }, images: [] };
    };
    started.running = altwise(['audit', 'https://example.com/']);
    const run = await started.running.done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.startsWith('https://example.com/: 0 images, 0 missing')).toBe(true);
    expect(run.stdout).not.toContain('auditing');
  }, 30_000);
});

describe('describeImages progress, with an injected clock', () => {
  const images = ['a.png', 'b.png', 'c.png'];
  const client = (onDescribe: (file: string) => void) =>
    ({
      describe: async (input: { file?: string }) => {
        onDescribe(path.basename(input.file ?? ''));
        return { altText: `alt of ${path.basename(input.file ?? '')}` };
      },
    }) as unknown as Altwise;

  it('writes nothing when the second never passes', async () => {
    const err: string[] = [];
    const never: Schedule = () => ({ cancel: () => undefined });
    const code = await describeImages(client(() => undefined), images, {}, { out: () => undefined, err: (line) => err.push(line), schedule: never });
    expect(code).toBe(0);
    expect(err).toEqual([]);
  });

  it('once the second passes: the current image, then each one as it starts; the timer is cancelled at the end', async () => {
    const err: string[] = [];
    let fire: (() => void) | undefined;
    let cancelled = 0;
    const schedule: Schedule = (ms, callback) => {
      expect(ms).toBe(1000);
      fire = callback;
      return { cancel: () => void (cancelled += 1) };
    };
    const code = await describeImages(client((file) => file === 'b.png' && fire!()), images, {}, { out: () => undefined, err: (line) => err.push(line), schedule });
    expect(code).toBe(0);
    expect(err).toEqual(['altwise: describing 2/3: b.png', 'altwise: describing 3/3: c.png']);
    expect(cancelled).toBe(1);
  });
});
