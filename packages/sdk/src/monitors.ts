import type { Client } from 'openapi-fetch';
import type { paths } from './api-types.js';
import { AltwiseError } from './errors.js';
import type { Json } from './unwrap.js';
import { unwrap } from './unwrap.js';

export type Monitor = Json<paths['/api/v1/monitors/{id}']['get']['responses'][200]>;
export type MonitorInput = NonNullable<paths['/api/v1/monitors']['post']['requestBody']>['content']['application/json'];
export type MonitorUpdate = NonNullable<paths['/api/v1/monitors/{id}']['patch']['requestBody']>['content']['application/json'];
export type MonitorRun = Json<paths['/api/v1/monitors/{id}/runs/{runId}']['get']['responses'][200]>;
export type MonitorImages = Json<paths['/api/v1/monitors/{id}/runs/{runId}/images']['get']['responses'][200]>;
export type MonitorImagesQuery = NonNullable<paths['/api/v1/monitors/{id}/runs/{runId}/images']['get']['parameters']['query']>;
export type MonitorPages = Json<paths['/api/v1/monitors/{id}/runs/{runId}/pages']['get']['responses'][200]>;
export type MonitorPagesQuery = NonNullable<paths['/api/v1/monitors/{id}/runs/{runId}/pages']['get']['parameters']['query']>;
export type MonitorTrend = Json<paths['/api/v1/monitors/{id}/trend']['get']['responses'][200]>;
export type MonitorFixJob = Json<paths['/api/v1/monitors/{id}/runs/{runId}/fix']['post']['responses'][202]>;
export type MonitorFixList = Json<paths['/api/v1/monitors/{id}/runs/{runId}/fixes']['get']['responses'][200]>;

export interface WaitForRunOptions {
  /** Between two polls (default 2 s). */
  intervalMs?: number;
  /** Gives up with an AltwiseError `timeout` after this long (default 2 hours: a big site crawls politely). */
  timeoutMs?: number;
  onPoll?: (run: MonitorRun) => void;
  /** Replaceable wait and clock (tests). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Site monitors: a whole site crawled on a schedule, each run compared with the one before (docs/monitors.md). */
export function createMonitorsApi(client: Client<paths>) {
  const path = (id: string) => ({ params: { path: { id } } });
  const runPath = (id: string, runId: string) => ({ params: { path: { id, runId } } });
  const getRun = async (id: string, runId: string): Promise<MonitorRun> => unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}', runPath(id, runId)));

  return {
    create: async (input: MonitorInput): Promise<Monitor> => unwrap(await client.POST('/api/v1/monitors', { body: input })),
    get: async (id: string): Promise<Monitor> => unwrap(await client.GET('/api/v1/monitors/{id}', path(id))),
    list: async (): Promise<Monitor[]> => (await unwrap(await client.GET('/api/v1/monitors'))).monitors,
    update: async (id: string, input: MonitorUpdate): Promise<Monitor> => unwrap(await client.PATCH('/api/v1/monitors/{id}', { ...path(id), body: input })),
    delete: async (id: string): Promise<void> => {
      await unwrap(await client.DELETE('/api/v1/monitors/{id}', path(id)));
    },
    /** Queues a run now (the server answers 202); `waitForRun` follows it. */
    run: async (id: string): Promise<MonitorRun> => unwrap(await client.POST('/api/v1/monitors/{id}/runs', path(id))),
    runs: async (id: string): Promise<MonitorRun[]> => (await unwrap(await client.GET('/api/v1/monitors/{id}/runs', path(id)))).runs,
    getRun,
    images: async (id: string, runId: string, query: MonitorImagesQuery = {}): Promise<MonitorImages> =>
      unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}/images', { params: { path: { id, runId }, query } })),
    pages: async (id: string, runId: string, query: MonitorPagesQuery = {}): Promise<MonitorPages> =>
      unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}/pages', { params: { path: { id, runId }, query } })),
    trend: async (id: string): Promise<MonitorTrend> => unwrap(await client.GET('/api/v1/monitors/{id}/trend', path(id))),
    /**
     * Suggest alt text for the run's failing images: the bulk job made from the run (the same job at
     * every later call), whose results are reviewed in its queue (`client.jobs`).
     */
    fix: async (id: string, runId: string): Promise<MonitorFixJob> => unwrap(await client.POST('/api/v1/monitors/{id}/runs/{runId}/fix', runPath(id, runId))),
    /** The fix list per page: failing occurrences whose image's suggestion was approved in the review. */
    fixes: async (id: string, runId: string): Promise<MonitorFixList> =>
      unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}/fixes', { params: { path: { id, runId }, query: { format: 'json' } } })),
    /** The same fix list as CSV (cells safe for spreadsheets). */
    fixesCsv: async (id: string, runId: string): Promise<string> =>
      unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}/fixes', { params: { path: { id, runId }, query: { format: 'csv' } }, parseAs: 'text' })),
    /** The run's self-contained, printable and dated HTML report. */
    report: async (id: string, runId: string): Promise<string> =>
      unwrap(await client.GET('/api/v1/monitors/{id}/runs/{runId}/report.html', { ...runPath(id, runId), parseAs: 'text' })),
    /** Polls the run until it is completed or failed. */
    async waitForRun(id: string, runId: string, options: WaitForRunOptions = {}): Promise<MonitorRun> {
      const { intervalMs = 2_000, timeoutMs = 2 * 60 * 60_000, onPoll, sleep = sleepFor, now = Date.now } = options;
      const deadline = now() + timeoutMs;
      for (;;) {
        const run = await getRun(id, runId);
        onPoll?.(run);
        if (run.status === 'completed' || run.status === 'failed') return run;
        const left = deadline - now();
        if (left <= 0) throw new AltwiseError('timeout', `The run is still ${run.status} after ${timeoutMs} ms`, 0, null, run);
        await sleep(Math.min(intervalMs, left));
      }
    },
  };
}

export type MonitorsApi = ReturnType<typeof createMonitorsApi>;
