// `altwise monitor fixes`, the real binary against a loopback fake of the monitor endpoints whose fix
// list is what a run's approved review would give (the server's side: monitors-fix.api.test.ts): the
// list printed, the fixes written into the folder the site is built from, a second apply changing
// nothing, --dry-run and --patch writing nothing, and exit code 1 while a fix could not be placed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeApi } from './fake-api';
import { startFakeApi } from './fake-api';
import { runAltwise } from './run-altwise';

const SITE = 'https://shop.example';
const PAGE = `<html><body>\n<main><h1>Bikes</h1><img src="/red.png"></main>\n</body></html>\n`;
const SELECTOR = 'html > body:nth-of-type(1) > main:nth-of-type(1) > img:nth-of-type(1)';
const fixList = {
  jobId: 'job-1',
  total: 2,
  pages: [
    { pageUrl: `${SITE}/bikes.html`, fixes: [{ location: 'Main, under "Bikes"', selector: SELECTOR, imageUrl: `${SITE}/red.png`, currentAlt: null, suggestedAlt: 'A red "city" bike <new>' }] },
    { pageUrl: `${SITE}/gone.html`, fixes: [{ location: 'Main\u001b[31m', selector: 'img', imageUrl: `${SITE}/x.png`, currentAlt: null, suggestedAlt: 'X' }] },
  ],
};

let api: FakeApi;
let folder: string;

beforeAll(async () => {
  api = await startFakeApi();
  api.route = (method, url) => {
    if (method !== 'GET') return undefined;
    if (url === '/api/v1/monitors/mon-1') return { status: 200, body: { id: 'mon-1', url: `${SITE}/bikes.html` } };
    if (url === '/api/v1/monitors/mon-1/runs') return { status: 200, body: { runs: [{ id: 'run-2', status: 'running' }, { id: 'run-1', status: 'completed' }] } };
    if (url === '/api/v1/monitors/mon-1/runs/run-1/fixes?format=json') return { status: 200, body: fixList };
    return undefined;
  };
});
afterAll(() => api.close());
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-monitor-fixes-'));
  fs.writeFileSync(path.join(folder, 'bikes.html'), PAGE);
  api.requests.length = 0;
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const altwise = (args: string[]) => runAltwise(args, { ...process.env, ALTWISE_API_KEY: 'ak_test', ALTWISE_URL: api.url });

describe('altwise monitor fixes', () => {
  it("lists the latest completed run's fixes", async () => {
    const listed = await altwise(['monitor', 'fixes', 'mon-1']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Fixes (2) from job job-1:');
    expect(listed.stdout).toContain(`Main, under "Bikes": no alt → "A red "city" bike <new>"`);
    // The site's text reaches the terminal without its control characters.
    expect(listed.stdout).not.toContain('\u001b');
  });

  it('writes the fixes into the folder once, and says what it could not place (exit 1)', async () => {
    const applied = await altwise(['monitor', 'fixes', 'mon-1', '--apply', folder]);
    expect(applied.code, applied.stderr).toBe(1);
    expect(fs.readFileSync(path.join(folder, 'bikes.html'), 'utf8')).toBe(PAGE.replace('<img src="/red.png">', '<img src="/red.png" alt="A red &quot;city&quot; bike &lt;new&gt;">'));
    expect(applied.stdout).toContain('Wrote 1 fix in 1 file; 0 already written.');
    expect(applied.stdout).toContain(`${SITE}/gone.html › Main [31m ${SITE}/x.png: no source file for it`);
    const again = await altwise(['monitor', 'fixes', 'mon-1', '--run', 'run-1', '--apply', folder, '--base-url', `${SITE}/`, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ placed: [], already: [{ file: 'bikes.html', line: 2 }], filesChanged: [], patch: '' });
  });

  it('with --dry-run prints the diff, with --patch writes it to a file; neither touches the folder', async () => {
    const dry = await altwise(['monitor', 'fixes', 'mon-1', '--apply', folder, '--dry-run']);
    expect(dry.stdout).toContain('+<main><h1>Bikes</h1><img src="/red.png" alt="A red &quot;city&quot; bike &lt;new&gt;"></main>');
    expect(dry.stdout).toContain('Would write 1 fix in 1 file');
    const patchFile = path.join(folder, '..', `${path.basename(folder)}.diff`);
    const patched = await altwise(['monitor', 'fixes', 'mon-1', '--apply', folder, '--patch', patchFile]);
    expect(patched.code).toBe(1);
    expect(fs.readFileSync(patchFile, 'utf8')).toContain('--- a/bikes.html\n+++ b/bikes.html');
    fs.rmSync(patchFile);
    expect(fs.readFileSync(path.join(folder, 'bikes.html'), 'utf8')).toBe(PAGE);
  });

  it('refuses --dry-run without --apply as a usage error', async () => {
    const refused = await altwise(['monitor', 'fixes', 'mon-1', '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--dry-run');
    expect(api.requests).toHaveLength(0);
  });
});
