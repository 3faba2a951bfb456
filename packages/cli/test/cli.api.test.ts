// Runs the real `altwise` binary on a copy of examples/ against a real server with the fake model.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { ALTWISE_BIN } from './run-altwise';

const REPO = path.resolve(import.meta.dirname, '../../..');
const EXAMPLE = path.join(REPO, 'examples/site');
const SOURCES = ['index.html', 'blog/lobster-season.md', 'src/Hero.jsx'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('the altwise CLI', () => {
  let vision: FakeVisionServer;
  let host: ImageHost;
  let server: TestServer;
  let env: Record<string, string>;
  let token: string;
  let userId: string;
  let site: string;

  let calls = 0;
  const harbourReply = () => ({ altText: `Boats moored in a small harbour, view ${(calls += 1)}` });

  beforeAll(async () => {
    vision = await startFakeVisionServer({ latencyMs: 150, reply: harbourReply });
    host = await startImageHost();
    server = await startTestServer('sqlite', {
      ALT_PROVIDER: 'openai-compatible',
      OPENAI_BASE_URL: vision.url,
      OPENAI_API_KEY: 'test',
      IMAGE_FETCH_ALLOW: host.hostPort,
      // The audit commands read pages from the same loopback host.
      PAGE_FETCH_ALLOW: host.hostPort,
    });
    const user = await registerUser(server);
    token = user.token;
    userId = user.user.userId as string;
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
  });
  afterAll(async () => {
    await server.close();
    await vision.close();
    await host.close();
  });

  beforeEach(() => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-site-'));
    fs.cpSync(EXAMPLE, site, { recursive: true });
  });
  afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

  function altwise(args: string[], options: { killAfter?: RegExp; extraEnv?: Record<string, string>; answers?: Array<[RegExp, string]>; nodeArgs?: string[] } = {}): Promise<Run> {
    const answers = [...(options.answers ?? [])];
    const answered = new Map<string, number>();
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ALTWISE_BIN, ...args], { cwd: site, env: { ...env, ...options.extraEnv } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (options.killAfter?.test(stderr)) child.kill('SIGKILL');
        // Answers a prompt only once it is asked, as a person at the terminal would.
        const next = answers[0];
        const asked = next ? (stderr.match(new RegExp(next[0].source, 'g')) ?? []).length : 0;
        if (next && asked > (answered.get(next[0].source) ?? 0)) {
          answers.shift();
          answered.set(next[0].source, (answered.get(next[0].source) ?? 0) + 1);
          child.stdin.write(`${next[1]}\n`);
          if (answers.length === 0) child.stdin.end();
        }
      });
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  const read = (dir: string) => Object.fromEntries(SOURCES.map((file) => [file, fs.readFileSync(path.join(dir, file))]));
  const generations = async () => (await server.request('GET', '/api/v1/images?limit=100', { token })).body.items.length as number;

  /**
   * Walks both texts together; wherever they differ, `after` must hold an inserted alt there (an
   * attribute, or Markdown alt text before its `]`) and nothing else: no byte removed or changed.
   */
  function onlyAltInserted(before: string, after: string, markdown: boolean): string[] {
    const patterns = markdown ? [/[^\]\n]+(?=\])/y] : [/ alt=("[^"\n]+"|'[^'\n]+')/y, /alt=("[^"\n]+"|'[^'\n]+') /y];
    const added: string[] = [];
    let i = 0;
    let j = 0;
    while (i < before.length || j < after.length) {
      if (before[i] === after[j]) {
        i += 1;
        j += 1;
        continue;
      }
      const match = patterns
        .map((pattern) => {
          pattern.lastIndex = j;
          return pattern.exec(after)?.[0];
        })
        .find(Boolean);
      expect(match, `unexpected change at ${j}: ${JSON.stringify(after.slice(j, j + 40))}`).toBeDefined();
      added.push(match!);
      j += match!.length;
    }
    return added;
  }

  it('--dry-run prints a unified diff and changes no byte', async () => {
    const before = read(site);
    const run = await altwise(['fill', '**/*.{html,md,jsx}', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(read(site)).toEqual(before);
    expect(run.stdout).toContain('--- a/index.html');
    expect(run.stdout).toContain('+++ b/src/Hero.jsx');
    expect(run.stdout).toMatch(/^-\s+<a href="\/"><img src="images\/logo.png" width="48"><\/a>$/m);
    expect(run.stdout).toMatch(/^\+\s+<a href="\/"><img src="images\/logo.png" alt="Boats moored in a small harbour, view \d+" width="48"><\/a>$/m);
    expect(run.stdout).toContain('Would fill 5 images in 3 files.');
  });

  it('fills exactly the missing alts, keeps alt="" and every other byte, and a second run changes nothing', async () => {
    const before = read(site);
    const start = await generations();
    const run = await altwise(['fill', '**/*.{html,md,jsx}']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Filled 5 images in 3 files.');
    expect(run.stdout).toContain('alt="" marks it decorative');
    expect(run.stdout).toContain('src={teamPhoto} is not a static import path');
    expect(run.stdout).toContain('alt is an expression');
    const after = read(site);

    const html = onlyAltInserted(before['index.html']!.toString(), after['index.html']!.toString(), false);
    expect(html).toHaveLength(2);
    // The single-quoted tag got a single-quoted alt, right after its src.
    expect(after['index.html']!.toString()).toMatch(/<img class='hero' src='images\/harbour.png' alt='[^']+'\n {11}width="480">/);
    expect(after['index.html']!.toString()).toContain('<img src="images/divider.png" alt="">');
    const markdown = after['blog/lobster-season.md']!.toString();
    expect(onlyAltInserted(before['blog/lobster-season.md']!.toString(), markdown, true)).toHaveLength(1);
    expect(markdown).toContain('\r\n'); // CRLF line endings kept
    expect(markdown).toContain('```md\r\n![](not-an-image.png)'); // code is not touched
    const jsx = after['src/Hero.jsx']!.toString();
    expect(onlyAltInserted(before['src/Hero.jsx']!.toString(), jsx, false)).toHaveLength(2);
    expect(jsx).toContain('<img src="../images/divider.png" alt="" />');

    const described = await generations();
    // Five requests for four pictures: harbour.png is asked for in English (index.html has lang="en")
    // and in no named language (Hero.jsx): one description per picture and language.
    expect(described - start).toBe(5);
    const again = await altwise(['fill', '**/*.{html,md,jsx}']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Filled 0 images in 0 files.');
    expect(read(site)).toEqual(after);
    expect(await generations()).toBe(described);
  });

  it('draws its progress bar when stderr is a terminal', async () => {
    // A pipe that says it is a terminal, as a pseudo-terminal would: the real binary, the real wiring.
    const asTerminal = `data:text/javascript,${encodeURIComponent("Object.defineProperty(process.stderr, 'isTTY', { value: true });")}`;
    const run = await altwise(['fill', '**/*.{html,md,jsx}', '--dry-run'], { nodeArgs: ['--import', asTerminal] });
    expect(run.code, run.stderr).toBe(0);
    const frames = [...run.stderr.matchAll(/\r\[([# ]{30})\] (\d+)\/(\d+)/g)];
    const total = Number(frames[0]![3]);
    expect(total).toBeGreaterThan(0);
    expect(frames.map((frame) => Number(frame[2]))).toEqual(Array.from({ length: total + 1 }, (_, count) => count));
    for (const frame of frames) expect(frame[1]!.replaceAll(' ', '').length).toBe(Math.round((Number(frame[2]) / total) * 30));
    expect(run.stderr).not.toMatch(/^(described|cached|failed) /m);
    // Without the terminal: the plain log, one line per image, and no bar.
    const plain = await altwise(['fill', '**/*.{html,md,jsx}', '--dry-run']);
    expect(plain.stderr).not.toContain('\r[');
    expect(plain.stderr.match(/^(described|cached) /gm)).toHaveLength(total);
  });

  it('resumes an interrupted run without describing anything twice', async () => {
    const start = await generations();
    const visionCalls = vision.calls;
    // The model answers the run's first call and holds every later one until the CLI is killed: the
    // kill comes mid-run however slowly this test sees the "described" line (before, a model answering
    // every 150 ms could finish the run first).
    vision.setReply((_request, callNumber) => {
      if (callNumber === visionCalls + 1) vision.hold();
      return harbourReply();
    });
    let afterKill: number;
    try {
      const interrupted = await altwise(['fill', '**/*.{html,md,jsx}', '--concurrency', '1', '--cache', 'resume-cache.json'], { killAfter: /^described /m });
      expect(interrupted.code).toBeNull(); // killed
      expect(fs.existsSync(path.join(site, 'resume-cache.json'))).toBe(true);
      afterKill = await generations();
    } finally {
      vision.setReply(harbourReply);
      vision.release();
    }
    expect(afterKill - start).toBeGreaterThanOrEqual(1);
    expect(afterKill - start).toBeLessThan(5);

    const resumed = await altwise(['fill', '**/*.{html,md,jsx}', '--concurrency', '1', '--cache', 'resume-cache.json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^cached /m);
    expect(resumed.stdout).toContain('Filled 5 images in 3 files.');
    // Five distinct requests (four pictures, harbour.png in two languages) across both runs; the one
    // request in flight when the CLI was killed still completes on the server, so it may count twice.
    const described = (await generations()) - start;
    expect(described).toBeGreaterThanOrEqual(5);
    expect(described).toBeLessThanOrEqual(5 + 1);
    expect(vision.calls - visionCalls).toBeLessThanOrEqual(5 + 1); // at most the one in flight when killed
  });

  it('--review: edit one suggestion, skip another', async () => {
    const prompt = /\[a\]ccept, \[e\]dit, \[s\]kip\? /;
    const run = await altwise(['fill', 'index.html', '--review'], {
      answers: [
        [prompt, 'e'],
        [/alt text: /, 'The Harbour Days logo, home page'],
        [prompt, 's'],
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    const html = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
    expect(html).toContain('<a href="/"><img src="images/logo.png" alt="The Harbour Days logo, home page" width="48"></a>');
    expect(html).toContain("<img class='hero' src='images/harbour.png'\n");
    expect(run.stdout).toContain('Filled 1 image in 1 file.');
    expect(run.stdout).toContain('skipped in review');
  });

  it('exits non-zero and says why when an image cannot be described', async () => {
    fs.rmSync(path.join(site, 'images/logo.png'));
    const run = await altwise(['fill', 'index.html']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Failed 1.');
    expect(run.stdout).toContain('image file not found: images/logo.png');
  });

  it('check exits 1 on an error-level issue and 0 on good alt text', async () => {
    const bad = await altwise(['check', 'IMG_2041.jpg']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Fails WCAG');
    const good = await altwise(['check', 'A red fishing boat moored at the harbour wall']);
    expect(good.code).toBe(0);
  });

  it('check takes the language, the purpose and decorative marking (--lang, --purpose, --href, --decorative)', async () => {
    // "Bild" is a placeholder in German, a word like any other in English.
    expect((await altwise(['check', 'Bild', '--lang', 'de'])).code).toBe(1);
    expect((await altwise(['check', 'Bild', '--language', 'en'])).code).toBe(0);
    // A blue arrow names no destination: as a link's only image it fails; as a picture it passes.
    expect((await altwise(['check', 'Blue arrow pointing right'])).code).toBe(0);
    const link = await altwise(['check', 'Blue arrow pointing right', '--purpose', 'link', '--href', '/contact', '--json']);
    expect(link.code).toBe(1);
    expect(JSON.parse(link.stdout).issues.map((issue: { id: string }) => issue.id)).toContain('purpose-not-named');
    expect((await altwise(['check', 'Contact us', '--purpose', 'link', '--href', '/contact'])).code).toBe(0);
    // Alt text on an image marked decorative (F39).
    expect((await altwise(['check', 'A red fox', '--decorative'])).code).toBe(1);
    expect((await altwise(['check', 'x', '--purpose', 'menu'])).code).toBe(2);
  });

  it('describe prints alt text for a file; --json the full result', async () => {
    const run = await altwise(['describe', 'images/team.png']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Boats moored in a small harbour/);
    const json = await altwise(['describe', 'images/lighthouse.png', '--json']);
    expect(JSON.parse(json.stdout).altText).toMatch(/^Boats moored/);
  });

  it('audit prints a table, CSV or JSON and exits 1 when an image is missing', async () => {
    // The pictures load (a 404 would be the "broken" verdict, not the missing alt this is about).
    for (const picture of ['/a.png', '/b.png']) host.set(picture, { body: fs.readFileSync(path.join(EXAMPLE, 'images/lighthouse.png')), contentType: 'image/png' });
    host.set('/page.html', { body: '<h1>Quay</h1><img src="/a.png"><img src="/b.png" alt="Nets drying on the quay">', contentType: 'text/html' });
    host.set('/good.html', { body: '<img src="/b.png" alt="Nets drying on the quay">', contentType: 'text/html' });
    const table = await altwise(['audit', `${host.url}/page.html`]);
    expect(table.code).toBe(1);
    expect(table.stdout).toContain('2 images, 1 missing');
    const csv = await altwise(['audit', `${host.url}/page.html`, '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe('index,kind,verdict,image_url,selector,accessible_name,name_source,suggestion,verification,issues');
    const json = await altwise(['audit', `${host.url}/good.html`, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).summary.ok).toBe(1);
    // A picture that does not load is its own verdict, in the table and its summary line.
    host.set('/gone.html', { body: '<img src="/gone.png" alt="Nets drying on the quay">', contentType: 'text/html' });
    const gone = await altwise(['audit', `${host.url}/gone.html`]);
    expect(gone.stdout).toContain('0 ok, 1 broken (did not load)');
    expect(gone.stdout).toMatch(/^1\s+broken\s/m);
  });

  it('audit --suggest follows the bulk job of a page with more than 50 images, or says where to follow it', async () => {
    await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
    const tags = Array.from({ length: 52 }, (_, index) => `<img src="/bulk-${index}.png">`).join('');
    for (let index = 0; index < 52; index += 1) host.set(`/bulk-${index}.png`, { body: fs.readFileSync(path.join(EXAMPLE, 'images/lighthouse.png')), contentType: 'image/png' });
    host.set('/bulk.html', { body: `<h1>Regatta</h1>${tags}`, contentType: 'text/html' });

    const followed = await altwise(['audit', `${host.url}/bulk.html`, '--suggest', '--json']);
    expect(followed.code, followed.stderr).toBe(1);
    const audit = JSON.parse(followed.stdout);
    expect(followed.stderr).toContain(`following ${server.url}/api/v1/jobs/${audit.job.id}`);
    expect(followed.stderr).toMatch(/completed: 52\/52 described/);
    expect(audit.summary).toMatchObject({ images: 52, missing: 52, suggested: 52 });
    expect(audit.images.every((image: { suggestion: string | null }) => image.suggestion?.startsWith('Boats moored'))).toBe(true);

    const told = await altwise(['audit', `${host.url}/bulk.html`, '--suggest', '--no-wait']);
    const job = told.stderr.match(/bulk job ([0-9a-f-]{36}): follow it at (\S+);/);
    expect(job, told.stderr).not.toBeNull();
    expect(job![2]).toBe(`${server.url}/api/v1/jobs/${job![1]}`);
    expect(told.stdout).toContain('52 images, 52 missing');
  });

  it('takes its configuration from altwise.config.json when there is no flag or variable', async () => {
    fs.writeFileSync(path.join(site, 'altwise.config.json'), JSON.stringify({ apiKey: env.ALTWISE_API_KEY, url: server.url }));
    const run = await altwise(['check', 'A lighthouse at dusk'], { extraEnv: { ALTWISE_API_KEY: '', ALTWISE_URL: '' } });
    expect(run.code, run.stderr).toBe(0);
    const missing = await altwise(['check', 'x'], { extraEnv: { ALTWISE_API_KEY: 'ak_live_wrong' } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('unauthorized');
  });
});
