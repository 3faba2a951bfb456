import { auditSchema } from '@altwise/shared';
import type { Audit } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer, RecordedRequest } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng, TEST_RETRY } from '../alt-text/alt-text.test-support';

const PAGE = `<!doctype html>
<html lang="fr"><head><title>Le port</title></head>
<body>
<h1>Le port de p\u00eache</h1>
<img src="/lang/fr.png">
<div lang="de">
  <p>Der Hafen am Morgen</p>
  <img src="/lang/de.png">
  <img src="/lang/es.png" lang="es-MX">
  <span lang=""><img src="/lang/empty.png"></span>
  <img src="/lang/bild-de.png" alt="Bild">
</div>
<img src="/lang/bild-fr.png" alt="Bild">
<figure><img src="/lang/chart.png"><figcaption>Poissons d\u00e9barqu\u00e9s par mois</figcaption></figure>
<a href="/pricing"><img src="/purpose/circle.png" alt="A blue circle"></a>
<a href="/x" title="Prices and plans"><img src="/purpose/prices.png" alt="Our prices"></a>
<button type="button" aria-label="Close the menu"><img src="/purpose/close.png"></button>
<a href="/team"><img src="/purpose/team.png" alt="Team"> Meet the team</a>
</body></html>`;

/** The language the model was asked to write in, from the user prompt ("… longDescription in German (de); …"). */
function askedLanguage(request: RecordedRequest): string {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  const user = messages.find((message) => message.role === 'user')!;
  const text = Array.isArray(user.content) ? user.content.map((part: { text?: string }) => part.text ?? '').join('\n') : String(user.content);
  return /longDescription in (?:[^;(]*\()?([\w-]+)\)?;/.exec(text)?.[1] ?? 'none';
}

function userPrompt(request: RecordedRequest): string {
  const user = (request.body.messages as Array<{ role: string; content: unknown }>).find((message) => message.role === 'user')!;
  return Array.isArray(user.content) ? user.content.map((part: { text?: string }) => part.text ?? '').join('\n') : String(user.content);
}

for (const database of DATABASES) {
  describe(`audits: each image's language and purpose (${database})`, () => {
    let server: TestServer;
    let host: ImageHost;
    let vision: FakeVisionServer;
    let token: string;

    beforeAll(async () => {
      host = await startImageHost();
      // The model echoes the language it was asked for, so each suggestion says what its generation was told.
      vision = await startFakeVisionServer({ reply: (request) => ({ altText: `Harbour photograph ${askedLanguage(request)}` }) });
      server = await startTestServer(
        database,
        { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort, ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test' },
        { provider: { retry: TEST_RETRY } },
      );
      for (const path of ['fr', 'de', 'es', 'empty', 'bild-de', 'bild-fr', 'chart'].map((name) => `/lang/${name}.png`)) {
        host.set(path, { body: await distinctPng(), contentType: 'image/png' });
      }
      for (const path of ['circle', 'prices', 'close', 'team'].map((name) => `/purpose/${name}.png`)) {
        host.set(path, { body: await distinctPng(), contentType: 'image/png' });
      }
      host.set('/page.html', { body: PAGE, contentType: 'text/html; charset=utf-8' });
      token = (await registerUser(server)).token;
    });
    afterAll(async () => {
      await server?.close();
      await host.close();
      await vision.close();
    });

    async function auditPage(body: Record<string, unknown> = {}, own = token): Promise<Audit> {
      const response = await server.request('POST', '/api/v1/audits', { token: own, body: { url: `${host.url}/page.html`, ...body } });
      expect(response.status).toBe(201);
      return auditSchema.parse(response.body);
    }
    const at = (audit: Audit, path: string) => audit.images.find((image) => image.imageUrl === `${host.url}${path}`)!;

    it('takes each image\'s language from the nearest lang attribute, says it, and checks its alt text in it', async () => {
      const audit = await auditPage();
      expect(at(audit, '/lang/fr.png').language).toBe('fr');
      expect(at(audit, '/lang/de.png').language).toBe('de');
      expect(at(audit, '/lang/es.png').language).toBe('es-MX');
      // lang="" declares no language: the nearest valid one above it counts.
      expect(at(audit, '/lang/empty.png').language).toBe('de');
      // "Bild" is a placeholder in German, not in French.
      expect(at(audit, '/lang/bild-de.png')).toMatchObject({ language: 'de', verdict: 'poor' });
      expect(at(audit, '/lang/bild-de.png').issues.map((issue) => issue.id)).toContain('placeholder');
      expect(at(audit, '/lang/bild-fr.png')).toMatchObject({ language: 'fr', verdict: 'ok' });
    });

    it('uses the request\'s language for every image when it gives one', async () => {
      const audit = await auditPage({ language: 'de' });
      expect(new Set(audit.images.map((image) => image.language))).toEqual(new Set(['de']));
      expect(at(audit, '/lang/bild-fr.png')).toMatchObject({ verdict: 'poor' });
    });

    it('gives a link or button image its purpose and checks its alt text against it (WCAG G94/F89)', async () => {
      const audit = await auditPage();
      expect(at(audit, '/purpose/circle.png').purpose).toEqual({ kind: 'link', href: `${host.url}/pricing` });
      expect(at(audit, '/purpose/circle.png').verdict).toBe('poor');
      expect(at(audit, '/purpose/circle.png').issues.map((issue) => issue.id)).toContain('purpose-not-named');
      // The destination's own words (the link's title) are its label: "Our prices" names it.
      expect(at(audit, '/purpose/prices.png').purpose).toEqual({ kind: 'link', href: `${host.url}/x`, label: 'Prices and plans' });
      expect(at(audit, '/purpose/prices.png').verdict).toBe('ok');
      expect(at(audit, '/purpose/close.png').purpose).toEqual({ kind: 'button', label: 'Close the menu' });
      // Beside the link's own text the image is not its only content: no purpose.
      expect(at(audit, '/purpose/team.png').purpose).toBeNull();
      expect(at(audit, '/lang/fr.png').purpose).toBeNull();
    });

    it('writes each suggestion in its image\'s language, with its purpose, and tells the describer context only', async () => {
      const { token: own } = await registerUser(server);
      const before = vision.requests.length;
      const audit = await auditPage({ suggest: true }, own);
      expect(at(audit, '/lang/fr.png').suggestion).toBe('Harbour photograph fr');
      expect(at(audit, '/lang/de.png').suggestion).toBe('Harbour photograph de');
      expect(at(audit, '/lang/es.png').suggestion).toBe('Harbour photograph es-MX');
      expect(at(audit, '/lang/bild-de.png').suggestion).toBe('Harbour photograph de');
      expect(at(audit, '/lang/bild-fr.png').suggestion).toBeNull();

      // The link image's generation was told its purpose: the engine's checker judged the answer by it.
      const history = (await server.request('GET', '/api/v1/images?limit=100', { token: own })).body.items as Array<{ imageUrl: string; issues: Array<{ id: string }> }>;
      const circle = history.find((item) => item.imageUrl === `${host.url}/purpose/circle.png`)!;
      expect(circle.issues.map((issue) => issue.id)).toContain('purpose-not-named');
      const photo = history.find((item) => item.imageUrl === `${host.url}/lang/fr.png`)!;
      expect(photo.issues.map((issue) => issue.id)).not.toContain('purpose-not-named');

      // What the describer is told about the surroundings is the page's own words, no labels or instructions of ours.
      const prompts = vision.requests.slice(before).map(userPrompt);
      expect(prompts.length).toBeGreaterThan(0);
      const contexts = prompts.map((prompt) => /<context>\n([\s\S]*?)\n<\/context>/.exec(prompt)?.[1] ?? '');
      expect(contexts.some((context) => context.includes('Poissons d\u00e9barqu\u00e9s par mois'))).toBe(true);
      for (const context of contexts) {
        expect(context).not.toMatch(/Caption:|Section heading:|Nearby text:|Page title:|only content of a|describe its action/i);
        expect(context).not.toContain(host.url);
      }
    });
  });
}
