/**
 * A hostile page audit, run by bench/run.ts: how fast /healthz answers while a 5 MB page of about
 * 270,000 images is audited (parsed on a worker thread), beside the same probes with the server
 * idle. The API suite checks what the audit answers; page-parse-pool.test.ts that the parse runs
 * off the event loop.
 */
import { startImageHost } from '@altwise/test-support/image-host';
import { distinctPng } from '../apps/server/src/modules/alt-text/alt-text.test-support';
import { hostilePage } from '../apps/server/src/modules/audits/hostile-page.test-support';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import { slowestHealth } from './support/slowest-health';
import type { BenchRow } from './support/stats';

export async function benchHealthDuringHostileAudit(): Promise<BenchRow> {
  const page = hostilePage();
  const picture = await distinctPng();
  const host = await startImageHost({}, { fallback: () => ({ body: picture, contentType: 'image/png' }) });
  host.set('/hostile.html', { body: Buffer.from(page.html), contentType: 'text/html; charset=utf-8' });
  const server = await startTestServer('sqlite', { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort });
  try {
    const { token } = await registerUser(server);
    const idle = await slowestHealth(server, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
    const during = await slowestHealth(server, async () => {
      const response = await server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/hostile.html` } });
      if (response.status !== 201) throw new Error(`audit: ${response.status}`);
    });
    return {
      name: `page audit: slowest /healthz while a 5 MB page of ${page.images.toLocaleString('en-US')} images is audited, beside the server idle (SQLite)`,
      measured: Number(during.toFixed(1)),
      baseline: Number(idle.toFixed(1)),
      ratio: Number((during / idle).toFixed(2)),
      target: '< 250 ms',
      pass: during < 250,
      unit: 'ms',
    };
  } finally {
    await server.close();
    await host.close();
  }
}
