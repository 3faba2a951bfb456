import type { Monitor, MonitorRun } from '@altwise/sdk';

/** Test data of the monitors screens' component tests. */
export const MONITOR: Monitor = {
  id: 'm1',
  url: 'https://example.com/',
  schedule: 'weekly',
  maxPages: 50,
  include: null,
  exclude: null,
  nextRunAt: '2026-12-01T06:00:00.000Z',
  coverageThreshold: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

export function run(overrides: Partial<MonitorRun> = {}): MonitorRun {
  return {
    id: 'r2',
    monitorId: 'm1',
    number: 2,
    status: 'completed',
    trigger: 'manual',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    finishedAt: '2026-11-20T10:01:00.000Z',
    error: null,
    pagesCrawled: 30,
    pagesSkipped: 1,
    pagesFailed: 0,
    distinctImages: 31,
    occurrences: 60,
    failing: 1,
    new: 0,
    fixed: 0,
    regressed: 1,
    removed: 0,
    unchanged: 59,
    coverage: 59 / 60,
    rules: { 'missing-alt': 1 },
    comparedWith: 'r1',
    changes: [
      {
        kind: 'regressed',
        pageUrl: 'https://example.com/page-7.html',
        location: 'Main › image 2',
        imageUrl: 'https://example.com/photos/photo-7.png',
        before: { verdict: 'ok', accessibleName: 'A lighthouse at dusk' },
        after: { verdict: 'missing', accessibleName: null },
      },
    ],
    findings: { robots: 'read', sitemaps: { sitemapsRead: 1, problems: [], offSite: 0 }, disallowed: 5, filtered: 0, trapped: 0, offSite: 0 },
    ...overrides,
  };
}

export const TREND = {
  points: [
    { runId: 'r1', number: 1, finishedAt: '2026-11-13T10:01:00.000Z', pagesCrawled: 30, distinctImages: 31, occurrences: 60, failing: 0, regressed: 0, coverage: 1 },
    { runId: 'r2', number: 2, finishedAt: '2026-11-20T10:01:00.000Z', pagesCrawled: 30, distinctImages: 31, occurrences: 60, failing: 1, regressed: 1, coverage: 59 / 60 },
  ],
};

export const IMAGES = {
  total: 2,
  images: [
    { imageUrl: 'https://example.com/logo.png', occurrences: 30, failing: 0, pages: 30, examplePage: 'https://example.com/', exampleName: 'Example home' },
    { imageUrl: 'https://example.com/photos/photo-7.png', occurrences: 1, failing: 1, pages: 1, examplePage: 'https://example.com/page-7.html', exampleName: null },
  ],
};

export const PAGES = {
  total: 2,
  pages: [
    { url: 'https://example.com/', status: 'ok', reason: null, title: 'Home', images: 2 },
    { url: 'https://example.com/file.pdf', status: 'skipped', reason: 'not HTML (application/pdf)', title: null, images: 0 },
  ],
};
