// `altwise monitor create|run|status|report`, the real binary against a real server and a loopback site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { runAltwise } from './run-altwise';


describe('altwise monitor', () => {
  let site: SiteHost;
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    site = await startSiteHost(generatedSite({ pages: 5, disallowed: 1 }));
    server = await startTestServer('sqlite', { PAGE_FETCH_ALLOW: site.hostPort, MONITOR_MIN_GAP_MS: '0' });
    const { token } = await registerUser(server);
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  const altwise = (args: string[]) => runAltwise(args, env);

  it('creates a monitor, runs it, and reports a regression with exit code 1', async () => {
    const created = await altwise(['monitor', 'create', `${site.url}/`, '--max-pages', '20', '--coverage-threshold', '0.95', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    expect(JSON.parse(created.stdout).coverageThreshold).toBe(0.95);

    const first = await altwise(['monitor', 'run', id]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('pages read: 5, skipped: 0, failed: 0');
    expect(first.stdout).toContain('images: 6 distinct, 10 occurrences, 0 failing; coverage 100%');

    const page = site.page('/page-2.html')!;
    site.setPage('/page-2.html', { ...page, images: [page.images![0]!, { src: page.images![1]!.src }] });
    const second = await altwise(['monitor', 'run', id]);
    expect(second.code, second.stderr).toBe(1);
    expect(second.stdout).toContain('1 regressed, 0 fixed');
    expect(second.stdout).toContain(`regressed: ${site.url}/page-2.html`);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-monitor-report-'));
    const htmlFile = path.join(folder, 'report.html');
    const fixesFile = path.join(folder, 'fixes.csv');
    const report = await altwise(['monitor', 'report', id, '--html', htmlFile, '--fixes', fixesFile]);
    expect(report.code, report.stderr).toBe(1);
    expect(report.stdout).toContain(`1/1 failing on 1 page(s): ${site.url}/photos/photo-2.png`);
    // The run's printable report, and its fix list (no fix job yet: the header alone).
    const html = fs.readFileSync(htmlFile, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`${site.url}/page-2.html`);
    expect(html).toContain('Regressed');
    expect(fs.readFileSync(fixesFile, 'utf8')).toBe('page_url,location,selector,image_url,current_alt,suggested_alt\r\n');
    fs.rmSync(folder, { recursive: true, force: true });
    const status = await altwise(['monitor', 'status', id]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Monitor ${id}: ${site.url}/`);
    expect(status.stdout).toContain('Run 2');
  });
});
