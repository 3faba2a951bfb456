import { auditSchema, MAX_AUDIT_IMAGES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import { hostilePage } from './hostile-page.test-support';

/** Asks /healthz over and over while `work` runs; resolves with the work's result and every answer's status. */
async function askingHealth<T>(server: TestServer, work: () => Promise<T>): Promise<{ result: T; statuses: number[] }> {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const response = await fetch(`${server.url}/healthz`);
      await response.text();
      statuses.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(), statuses };
  } finally {
    running = false;
    await loop;
  }
}

const page = hostilePage();

for (const database of DATABASES) {
  describe(`auditing a hostile page (${database})`, () => {
    let server: TestServer;
    let host: ImageHost;

    beforeAll(async () => {
      // Its pictures load: the audit checks (fetches) the first of them, as it would on a real page.
      const picture = await distinctPng();
      host = await startImageHost({}, { fallback: () => ({ body: picture, contentType: 'image/png' }) });
      host.set('/hostile.html', { body: Buffer.from(page.html), contentType: 'text/html; charset=utf-8' });
      server = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort });
    });
    afterAll(async () => {
      await server?.close();
      await host.close();
    });

    // That the page is parsed off the event loop is page-parse-pool.test.ts (by thread id); how fast
    // /healthz answers meanwhile is a bench row (bench/audit-hostile-page.bench.ts).
    it(`audits the first ${MAX_AUDIT_IMAGES} of ~270,000 images, reports the rest, and /healthz keeps answering`, async () => {
      expect(page.images).toBeGreaterThan(250_000);
      const { token } = await registerUser(server);
      const { result: response, statuses } = await askingHealth(server, () =>
        server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/hostile.html` } }),
      );
      expect(response.status).toBe(201);
      const audit = auditSchema.parse(response.body);
      expect(audit.images).toHaveLength(MAX_AUDIT_IMAGES);
      expect(audit.summary).toMatchObject({ images: MAX_AUDIT_IMAGES, missing: MAX_AUDIT_IMAGES, notAudited: page.images - MAX_AUDIT_IMAGES });
      expect(audit.images.at(-1)!.imageUrl).toBe(`${host.url}/p${MAX_AUDIT_IMAGES - 1}.png`);
      // The stored audit and its HTML report say the same.
      const report = await server.request('GET', `/api/v1/audits/${audit.id}/report.html`, { token });
      expect(report.body).toContain(`<dt>Not audited</dt><dd>${page.images - MAX_AUDIT_IMAGES}</dd>`);
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([200]));
    }, 60_000);

    it('answers ten 5 MB audits run at once, and /healthz keeps answering', async () => {
      const sessions = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
      const { result: responses, statuses } = await askingHealth(server, () =>
        Promise.all(sessions.map(({ token }) => server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/hostile.html` } }))),
      );
      for (const response of responses) {
        expect(response.status).toBe(201);
        expect(response.body.summary.notAudited).toBe(page.images - MAX_AUDIT_IMAGES);
      }
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([200]));
    }, 120_000);
  });
}
