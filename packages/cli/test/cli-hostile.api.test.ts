// The real `altwise` binary on a folder of hostile files (path traversal, symlinks leaving the folder,
// text files named .png, a config that names another server, a model that answers markup or a
// draft), against a loopback fake of the API that records what reached it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeApi } from './fake-api';
import { startFakeApi } from './fake-api';
import { PNG_BYTES } from './png';
import { ALTWISE_BIN } from './run-altwise';

const KEY = 'ak_live_from_the_environment';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let api: FakeApi;
let attacker: FakeApi;
let base: string;
let site: string;
let outside: string;

beforeAll(async () => {
  api = await startFakeApi();
  attacker = await startFakeApi();
});
afterAll(async () => {
  await api.close();
  await attacker.close();
});

beforeEach(() => {
  // site/ is the working folder; outside/ is its sibling, which nothing may reach.
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h3-')));
  site = path.join(base, 'site');
  outside = path.join(base, 'outside');
  fs.mkdirSync(site);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(site, 'a.png'), PNG_BYTES);
  api.requests.length = 0;
  attacker.requests.length = 0;
  api.answer = () => ({ altText: 'A red car parked by the quay', verification: 'model' });
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function altwise(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ALTWISE_BIN, ...args], {
      cwd: site,
      env: { ...process.env, ALTWISE_API_KEY: KEY, ALTWISE_URL: api.url, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const uploads = (fake: FakeApi = api) => fake.requests.filter((request) => request.path === '/api/v1/images');
const uploaded = (fake: FakeApi = api) => uploads(fake).map((request) => Buffer.from(String(request.body.imageData), 'base64'));
const write = (file: string, text: string | Buffer) => fs.writeFileSync(path.join(site, file), text);

describe('altwise fill on files that point outside the folder', () => {
  it('never uploads a file outside the working folder, and reports each refusal per image', async () => {
    const page = '<img src="../../../../../../../etc/passwd">\n<img src="/../../etc/hostname">\n<img src="a.png">\n';
    write('page.html', page);
    write('notes.md', '![](../../../../../../../etc/passwd)\n');
    const run = await altwise(['fill', 'page.html', 'notes.md']);
    expect(run.code).toBe(1);
    // Only a.png went out: not one byte of /etc/passwd or /etc/hostname.
    expect(uploaded()).toEqual([PNG_BYTES]);
    expect(run.stdout).toMatch(/page\.html:1 \.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd: refused: the image is outside the working folder/);
    expect(run.stdout).toMatch(/page\.html:2 \/\.\.\/\.\.\/etc\/hostname: refused: the image is outside the working folder/);
    expect(run.stdout).toMatch(/notes\.md:1 \.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd: refused: the image is outside/);
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).toBe(page.replace('<img src="a.png">', '<img src="a.png" alt="A red car parked by the quay">'));
  });

  it('follows no symlink out of the folder: neither to rewrite a file nor to upload an image', async () => {
    const victim = '<img src="pic.png">\n';
    fs.writeFileSync(path.join(outside, 'victim.html'), victim);
    fs.writeFileSync(path.join(outside, 'pic.png'), PNG_BYTES);
    fs.writeFileSync(path.join(outside, 'single.html'), victim);
    fs.symlinkSync(outside, path.join(site, 'linked'), 'dir');
    fs.symlinkSync(path.join(outside, 'single.html'), path.join(site, 'single.html'));
    fs.symlinkSync(path.join(outside, 'pic.png'), path.join(site, 'leak.png'));
    write('page.html', '<img src="leak.png">\n<img src="linked/pic.png">\n');
    const run = await altwise(['fill', '**/*.html']);
    expect(fs.readFileSync(path.join(outside, 'victim.html'), 'utf8')).toBe(victim);
    expect(fs.readFileSync(path.join(outside, 'single.html'), 'utf8')).toBe(victim);
    expect(uploads()).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/page\.html:1 leak\.png: refused: the image is outside the working folder/);
    expect(run.stdout).toMatch(/page\.html:2 linked\/pic\.png: refused: the image is outside the working folder/);
    expect(run.stdout).toMatch(/single\.html: refused: the file is outside the working folder/);
  });

  it('a --root given on the command line is a place images may come from', async () => {
    fs.writeFileSync(path.join(outside, 'pic.png'), PNG_BYTES);
    write('page.html', '<img src="/pic.png">\n');
    const run = await altwise(['fill', 'page.html', '--root', outside]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(uploaded()).toEqual([PNG_BYTES]);
  });

  it('a root named by the folder\'s config must stay inside the folder', async () => {
    write('altwise.config.json', JSON.stringify({ root: '/etc' }));
    write('page.html', '<img src="/passwd">\n');
    const run = await altwise(['fill', 'page.html']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"root" in altwise.config.json must be inside the working folder');
    expect(uploads()).toEqual([]);
  });

  it('uploads no file that is not an image by its first bytes, whatever its name', async () => {
    write('fake.png', 'SECRET_TOKEN=hunter2\n');
    write('page.html', '<img src="fake.png">\n');
    const run = await altwise(['fill', 'page.html']);
    expect(run.code).toBe(1);
    expect(uploads()).toEqual([]);
    expect(run.stdout).toMatch(/page\.html:1 fake\.png: refused: not an image \(its first bytes are not PNG, JPEG, GIF, WebP or AVIF\)/);
  });
});

describe('altwise fill with a hostile model answer', () => {
  it('writes the answer as one quoted, escaped attribute value: no new attribute appears', async () => {
    api.answer = () => ({ altText: 'A red car" onerror=alert(1) x="', verification: 'model' });
    write('page.html', "<img src=\"a.png\" alt=\"\">\n<img src=\"a.png\" alt>\n<img src=\"a.png\" alt=IMG_0001.jpg>\n<img src='a.png' alt='IMG_0001.jpg'>\n<img src=\"a.png\" alt='x.png'>\n");
    const run = await altwise(['fill', 'page.html', '--include-decorative', '--overwrite-poor']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const images: DefaultTreeAdapterTypes.Element[] = [];
    const walk = (node: DefaultTreeAdapterTypes.Node) => {
      if ('tagName' in node && node.tagName === 'img') images.push(node);
      for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
    };
    walk(parse(fs.readFileSync(path.join(site, 'page.html'), 'utf8')));
    expect(images).toHaveLength(5);
    for (const image of images) expect(image.attrs).toEqual([{ name: 'src', value: 'a.png' }, { name: 'alt', value: 'A red car" onerror=alert(1) x="' }]);
  });
});

describe('where the API key goes', () => {
  it("never sends a key from the environment to a URL named by the folder's config", async () => {
    write('altwise.config.json', JSON.stringify({ url: attacker.url }));
    const run = await altwise(['check', 'A dog'], { ALTWISE_URL: '' });
    expect(attacker.requests).toEqual([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('altwise.config.json names a url but no apiKey');
  });

  it("sends a key from the environment to the environment's URL even when the config names its own pair", async () => {
    write('altwise.config.json', JSON.stringify({ url: attacker.url, apiKey: 'ak_live_of_the_folder' }));
    const run = await altwise(['check', 'A dog', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(attacker.requests).toEqual([]);
    expect(api.requests.map((request) => request.headers['x-api-key'])).toEqual([KEY]);
    // The line that says where the key went is on stderr; stdout is the JSON alone.
    expect(JSON.parse(run.stdout)).toEqual({ wcagCompliant: true, issues: [] });
    expect(run.stderr).toContain(`altwise: using ${api.url} (API key from ALTWISE_API_KEY)`);
    expect(run.stderr).toContain('the url in altwise.config.json is not used');
  });

  it("uses the folder's URL with the folder's own key", async () => {
    write('altwise.config.json', JSON.stringify({ url: attacker.url, apiKey: 'ak_live_of_the_folder' }));
    const run = await altwise(['check', 'A dog'], { ALTWISE_API_KEY: '', ALTWISE_URL: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(attacker.requests.map((request) => request.headers['x-api-key'])).toEqual(['ak_live_of_the_folder']);
    expect(run.stderr).toContain(`altwise: using ${attacker.url} (API key from altwise.config.json)`);
  });
});

describe('drafts, purpose and language', () => {
  it('refuses to write a draft without --allow-drafts, shows it in a dry run, writes it with the flag', async () => {
    api.answer = () => ({ altText: 'A photo, possibly of a car', verification: 'draft', verificationReason: 'no_vision_model' });
    const page = '<p>Cars</p>\n<img src="a.png">\n';
    write('page.html', page);

    const refused = await altwise(['fill', 'page.html']);
    expect(refused.code).toBe(1);
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).toBe(page);
    expect(refused.stdout).toContain('page.html:2 a.png: refused: a draft: no vision model described this image (no_vision_model); --allow-drafts writes it');

    const dry = await altwise(['fill', 'page.html', '--dry-run']);
    expect(dry.stdout).toContain('+<img src="a.png" alt="A photo, possibly of a car">');
    expect(dry.stdout).toContain('page.html:2 a.png: draft');
    expect(dry.code).toBe(1);

    const allowed = await altwise(['fill', 'page.html', '--allow-drafts']);
    expect(allowed.code, allowed.stdout).toBe(0);
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).toBe('<p>Cars</p>\n<img src="a.png" alt="A photo, possibly of a car">\n');
  });

  it("sends a linked image's purpose, and the nearest lang as the language unless --language is given", async () => {
    write('page.html', '<html lang="fr"><body><a href="/accueil" title="Accueil"><img src="a.png"></a><p lang="de">Text <img src="a.png"></p></body></html>');
    write('post.md', '---\ntitle: Hola\nlang: es\n---\n[![](a.png)](https://example.com/inicio)\n');
    const run = await altwise(['fill', 'page.html', 'post.md', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    const bodies = uploads().map(({ body }) => ({ language: body.language, purpose: body.purpose }));
    expect(bodies).toEqual(
      expect.arrayContaining([
        { language: 'fr', purpose: { kind: 'link', href: '/accueil', label: 'Accueil' } },
        { language: 'de', purpose: undefined },
        { language: 'es', purpose: { kind: 'link', href: 'https://example.com/inicio' } },
      ]),
    );
    expect(bodies).toHaveLength(3);

    api.requests.length = 0;
    fs.rmSync(path.join(site, '.altwise-cache.json'), { force: true });
    await altwise(['fill', 'page.html', '--dry-run', '--language', 'it']);
    expect(uploads().map(({ body }) => body.language)).toEqual(['it', 'it']);
  });
});

describe('answers the checker finds an error in, and poor alts kept', () => {
  const NOT_NAMED = "The image is the only content of a button: its alt text must say what the button does";
  const page = [
    '<button type="submit"><img src="a.png"></button>',
    '<img src="a.png" class="photo">',
    '<img src="a.png" alt="IMG_2041.jpg">',
    '<img src="a.png" alt="TODO">',
    '',
  ].join('\n');
  beforeEach(() => {
    // What the server answered in the walk: a description of the logo, rated non-compliant for a button.
    api.answer = (body) =>
      (body.purpose as { kind?: string } | undefined)?.kind === 'button'
        ? { altText: 'Magenta circle logo with a white letter H', verification: 'model', issues: [{ id: 'purpose-not-named', severity: 'error', message: NOT_NAMED }] }
        : { altText: 'A red car parked by the quay', verification: 'model' };
    write('page.html', page);
  });

  it('does not write an answer with an error-level issue: lists it, exits 1, and counts the poor alts it keeps', async () => {
    const run = await altwise(['fill', 'page.html']);
    expect(run.code, run.stderr).toBe(1);
    const html = fs.readFileSync(path.join(site, 'page.html'), 'utf8');
    expect(html).toContain('<button type="submit"><img src="a.png"></button>');
    expect(html).not.toContain('Magenta');
    expect(html).toContain('<img src="a.png" alt="A red car parked by the quay" class="photo">');
    expect(run.stdout).toContain('Filled 1 image in 1 file.');
    expect(run.stdout).toContain(`page.html:1 a.png: refused: the checker found an error: ${NOT_NAMED} (purpose-not-named); --allow-errors writes it`);
    expect(run.stdout).toContain('2 poor alts kept; --overwrite-poor replaces them.');
    expect(run.stdout).toContain('page.html:3 a.png: alt="IMG_2041.jpg": the checker found an error: The alt text is a file name (file-name)');
    expect(run.stdout).toContain('page.html:4 a.png: alt="TODO": the checker found an error: The alt text is a placeholder (placeholder)');
  });

  it('a dry run shows it and lists it the same way; --allow-errors writes it and says so', async () => {
    const dry = await altwise(['fill', 'page.html', '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('+<button type="submit"><img src="a.png" alt="Magenta circle logo with a white letter H"></button>');
    expect(dry.stdout).toContain(`page.html:1 a.png: the checker found an error: ${NOT_NAMED} (purpose-not-named); shown above, written only with --allow-errors`);
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).toBe(page);

    const allowed = await altwise(['fill', 'page.html', '--allow-errors']);
    expect(allowed.code, allowed.stdout).toBe(0);
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).toContain('<button type="submit"><img src="a.png" alt="Magenta circle logo with a white letter H"></button>');
    expect(allowed.stdout).toContain('Filled 2 images in 1 file (1 with an error-level issue, written with --allow-errors).');
    // From the cache: the answer's errors were kept with it, so no second description was asked.
    expect(uploads()).toHaveLength(2);
  });

  it('--overwrite-poor replaces the poor alts and mentions none kept', async () => {
    const run = await altwise(['fill', 'page.html', '--overwrite-poor', '--allow-errors']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toContain('poor alt');
    expect(fs.readFileSync(path.join(site, 'page.html'), 'utf8')).not.toMatch(/IMG_2041|TODO/);
  });
});
