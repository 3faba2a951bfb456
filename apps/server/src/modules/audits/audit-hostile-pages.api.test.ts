import { auditSchema, MAX_AUDIT_IMAGES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';

/** Just under the 5 MB a page may weigh: one <img> after another, about 270,000 of them. */
function hostilePage(): { html: string; images: number } {
  const parts: string[] = ['<!doctype html><html lang="en"><head><title>Many</title></head><body>'];
  let length = parts[0]!.length;
  let images = 0;
  const limit = 5 * 1024 * 1024 - 64;
  for (;;) {
    const tag = `<img src=p${images}.png>`;
    if (length + tag.length > limit) break;
    parts.push(tag);
    length += tag.length;
    images += 1;
  }
  return { html: parts.join(''), images };
}

interface Probes {
  /** The slowest /healthz answer, in ms. */
  worstAnswer: number;
  /** How late the slowest probe started (its 100 ms pause overran by this much): the loop was busy. */
  worstLateness: number;
  count: number;
}

/**
 * Asks /healthz every 100 ms while `work` runs. The server shares this test's thread, so a loop
 * held by parsing shows either as a slow answer or as a late probe.
 */
async function probingHealth<T>(server: TestServer, work: () => Promise<T>): Promise<{ result: T; probes: Probes }> {
  const probes: Probes = { worstAnswer: 0, worstLateness: 0, count: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      await response.text();
      probes.worstAnswer = Math.max(probes.worstAnswer, performance.now() - start);
      probes.count += 1;
      const paused = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
      probes.worstLateness = Math.max(probes.worstLateness, performance.now() - paused - 100);
    }
  })();
  try {
    return { result: await work(), probes };
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

    it(`audits the first ${MAX_AUDIT_IMAGES} of ~270,000 images within bounded time, reports the rest, and /healthz stays fast`, async () => {
      expect(page.images).toBeGreaterThan(250_000);
      const { token } = await registerUser(server);
      const started = performance.now();
      const { result: response, probes } = await probingHealth(server, () =>
        server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/hostile.html` } }),
      );
      const elapsed = performance.now() - started;
      expect(response.status).toBe(201);
      const audit = auditSchema.parse(response.body);
      expect(audit.images).toHaveLength(MAX_AUDIT_IMAGES);
      expect(audit.summary).toMatchObject({ images: MAX_AUDIT_IMAGES, missing: MAX_AUDIT_IMAGES, notAudited: page.images - MAX_AUDIT_IMAGES });
      expect(audit.images.at(-1)!.imageUrl).toBe(`${host.url}/p${MAX_AUDIT_IMAGES - 1}.png`);
      // The stored audit and its HTML report say the same.
      const report = await server.request('GET', `/api/v1/audits/${audit.id}/report.html`, { token });
      expect(report.body).toContain(`<dt>Not audited</dt><dd>${page.images - MAX_AUDIT_IMAGES}</dd>`);
      expect(elapsed, `${Math.round(elapsed)} ms`).toBeLessThan(20_000);
      expect(probes.count).toBeGreaterThan(0);
      // Parsed on the event loop, this page stalls it for about half a second (findPageImages alone:
      // 484-719 ms on the 2-core CI machine). 250 ms catches that and leaves room for other suites
      // running beside this one (103 ms was seen there against the earlier 100).
      expect(probes.worstAnswer, JSON.stringify(probes)).toBeLessThan(250);
      expect(probes.worstLateness, JSON.stringify(probes)).toBeLessThan(250);
    }, 60_000);

    it('keeps /healthz under 100 ms while ten 5 MB audits run at once', async () => {
      const sessions = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
      const { result: responses, probes } = await probingHealth(server, () =>
        Promise.all(sessions.map(({ token }) => server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/hostile.html` } }))),
      );
      for (const response of responses) {
        expect(response.status).toBe(201);
        expect(response.body.summary.notAudited).toBe(page.images - MAX_AUDIT_IMAGES);
      }
      expect(probes.count).toBeGreaterThan(0);
      // Parsed on the event loop, this page stalls it for about half a second (findPageImages alone:
      // 484-719 ms on the 2-core CI machine). 250 ms catches that and leaves room for other suites
      // running beside this one (103 ms was seen there against the earlier 100).
      expect(probes.worstAnswer, JSON.stringify(probes)).toBeLessThan(250);
      expect(probes.worstLateness, JSON.stringify(probes)).toBeLessThan(250);
    }, 120_000);
  });
}
