// A run survives a kill -9 of the instance crawling it: the restarted instance claims it once its
// lease lapsed and resumes from the pages stored, never fetching or counting one twice.
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import type { ServerProcess } from '../../../test/support/server-process';
import { call, startServerProcess, until } from '../../../test/support/server-process';
import { createPostgresSchema, DATABASES } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`a monitor run killed mid-crawl (${database})`, () => {
    let site: SiteHost | undefined;
    let instance: ServerProcess | undefined;
    let schema: { url: string; drop: () => Promise<void> } | undefined;
    afterAll(async () => {
      site?.release();
      await instance?.stop();
      await schema?.drop();
      await site?.close();
    });

    it('resumes on the restarted instance and counts every page once', async () => {
      site = await startSiteHost({ ...generatedSite({ pages: 30, disallowed: 2 }), stall: ['/page-25.html'] });
      schema = database === 'postgres' ? await createPostgresSchema(process.env.TEST_DATABASE_URL!) : undefined;
      instance = await startServerProcess({
        PAGE_FETCH_ALLOW: site.hostPort,
        MONITOR_MIN_GAP_MS: '0',
        INSTANCE_DEAD_AFTER_MS: '2000',
        IMAGE_FETCH_TIMEOUT_MS: '60000',
        APP_SECRET: 'a-fixed-secret-for-both-lives-of-this-instance-0123456789',
        ...(schema ? { DATABASE_URL: schema.url } : {}),
      });
      const registered = await call(instance.url, 'POST', '/api/auth/register', { body: { firstName: 'Ada', lastName: 'Lovelace', email: `restart-${database}@example.com`, password: 'Correct-Horse-9' } });
      const token = registered.body.token as string;
      const monitor = await call(instance.url, 'POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, maxPages: 50 } });
      const run = await call(instance.url, 'POST', `/api/v1/monitors/${monitor.body.id}/runs`, { token });
      const path = `/api/v1/monitors/${monitor.body.id}/runs/${run.body.id}`;
      // Every page stored but the one the site holds unanswered.
      const first = instance;
      await until('29 pages stored', async () => (await call(first.url, 'GET', path, { token })).body.pagesCrawled === 29 && site!.stalled === 1);

      instance.kill('SIGKILL');
      await instance.exited;
      site.release();
      instance = await instance.restart();
      const second = instance;
      const done = await until('the resumed run', async () => {
        const answer = await call(second.url, 'GET', path, { token });
        return answer.body.status === 'completed' || answer.body.status === 'failed' ? answer.body : false;
      });
      expect(done).toMatchObject({ status: 'completed', pagesCrawled: 30, occurrences: 60, distinctImages: 31, failing: 0 });
      // Each page fetched once, the held one twice (the killed instance never got its answer).
      for (let index = 1; index < 30; index += 1) if (index !== 25) expect(site.hits(`/page-${index}.html`)).toBe(1);
      expect(site.hits('/page-25.html')).toBe(2);
      expect(site.hits('/')).toBe(1);
      expect(site.hitsUnder('/private/')).toBe(0);
      // A guard against a hang, not a speed bound: two server processes start on a shared machine.
    }, 180_000);
  });
}
