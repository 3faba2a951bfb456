import { z } from 'zod';
import { AUDIT_VERDICTS } from './audits';
import type { PlanId } from './plans';

/**
 * What each plan allows of site monitors (docs/monitors.md "Limits"): monitors kept, pages one
 * run may crawl, runs started per day (manual and scheduled alike), and the completed runs per
 * monitor whose pages and images are kept (older runs keep their figures, for the trend).
 */
export const MONITOR_LIMITS: Readonly<Record<PlanId, { monitors: number; pagesPerRun: number; runsPerDay: number; runsKept: number }>> = {
  free: { monitors: 3, pagesPerRun: 100, runsPerDay: 10, runsKept: 4 },
  pro: { monitors: 25, pagesPerRun: 2000, runsPerDay: 100, runsKept: 12 },
  enterprise: { monitors: 200, pagesPerRun: 20_000, runsPerDay: 1000, runsKept: 52 },
};

/** A path prefix, `*` matching anything: `/blog/`, `/*.pdf`, `/search?*`. */
const pathPattern = z.string().trim().min(1).max(200).startsWith('/', 'A pattern is a path starting with /');

/** manual, daily, weekly, or a five-field cron expression (UTC), checked by the server. */
export const monitorScheduleSchema = z.string().trim().min(1).max(100);

export const monitorCreateSchema = z.object({
  url: z
    .string({ message: 'Site URL is required' })
    .trim()
    .min(1, 'Site URL is required')
    .max(2048, 'Site URL is too long')
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { message: 'Site URL must be an http or https address' }),
  schedule: monitorScheduleSchema.default('manual'),
  maxPages: z.number().int().min(1).max(100_000).default(100),
  /** Only paths matching one of these are crawled (the start URL is always read). */
  include: z.array(pathPattern).max(20).optional(),
  /** Paths matching one of these are never crawled. */
  exclude: z.array(pathPattern).max(20).optional(),
  /** 0 to 1: a run whose coverage falls below it alerts (mail and `monitor.regressed`), once per run. */
  coverageThreshold: z.number().min(0).max(1).optional(),
});
export type MonitorCreate = z.input<typeof monitorCreateSchema>;

export const monitorUpdateSchema = monitorCreateSchema.omit({ url: true }).partial().extend({
  include: z.array(pathPattern).max(20).nullable().optional(),
  exclude: z.array(pathPattern).max(20).nullable().optional(),
  /** null: no coverage alert any more. */
  coverageThreshold: z.number().min(0).max(1).nullable().optional(),
});

export const monitorSchema = z.object({
  id: z.string(),
  url: z.string(),
  schedule: z.string(),
  maxPages: z.number().int(),
  include: z.array(z.string()).nullable(),
  exclude: z.array(z.string()).nullable(),
  /** A run whose coverage falls below it alerts; null: none. */
  coverageThreshold: z.number().nullable(),
  /** When the schedule starts the next run (null: manual). */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Monitor = z.infer<typeof monitorSchema>;
export const monitorListSchema = z.object({ monitors: z.array(monitorSchema) });

export const MONITOR_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

export const monitorChangeSchema = z.object({
  kind: z.enum(['regressed', 'fixed']),
  pageUrl: z.string(),
  location: z.string(),
  imageUrl: z.string().nullable(),
  before: z.object({ verdict: z.enum(AUDIT_VERDICTS), accessibleName: z.string().nullable() }),
  after: z.object({ verdict: z.enum(AUDIT_VERDICTS), accessibleName: z.string().nullable() }),
});

export const monitorRunSchema = z.object({
  id: z.string(),
  monitorId: z.string(),
  /** 1 for a monitor's first run, then 2, 3… */
  number: z.number().int(),
  status: z.enum(MONITOR_RUN_STATUSES),
  trigger: z.enum(['manual', 'schedule']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** HTML pages read (so far, while running). */
  pagesCrawled: z.number().int(),
  /** Pages not read as pages: not HTML, a redirect elsewhere, a duplicate of a canonical URL. */
  pagesSkipped: z.number().int(),
  pagesFailed: z.number().int(),
  /** Images by resolved URL: a logo on 30 pages is one image. Null until the run completes, like every figure below. */
  distinctImages: z.number().int().nullable(),
  occurrences: z.number().int().nullable(),
  /** Occurrences whose verdict is missing, poor or broken. */
  failing: z.number().int().nullable(),
  /** Compared with the monitor's previous completed run, occurrence by occurrence (page and element): */
  new: z.number().int().nullable(),
  fixed: z.number().int().nullable(),
  regressed: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  unchanged: z.number().int().nullable(),
  /** Share of occurrences with an acceptable text alternative (ok or decorative), 0 to 1; null without images. */
  coverage: z.number().nullable(),
  /** Failing occurrences per rule (issue id). */
  rules: z.record(z.string(), z.number().int()).nullable(),
  /** The run this one is compared with (null: the first). */
  comparedWith: z.string().nullable(),
  /** The first 100 regressions and fixes. */
  changes: z.array(monitorChangeSchema).nullable(),
  /** What the crawl met: robots.txt, sitemaps, links not followed. */
  findings: z
    .object({
      robots: z.string().nullable(),
      sitemaps: z.object({ sitemapsRead: z.number().int(), problems: z.array(z.string()), offSite: z.number().int() }).nullable(),
      disallowed: z.number().int(),
      filtered: z.number().int(),
      trapped: z.number().int(),
      offSite: z.number().int(),
      /** Each distinct picture of the site loaded once: checked, broken (does not load), not checked (another host, robots.txt, past the bounds). */
      pictures: z.object({ checked: z.number().int(), broken: z.number().int(), notChecked: z.number().int() }).optional(),
    })
    .nullable(),
});
export type MonitorRun = z.infer<typeof monitorRunSchema>;
export const monitorRunListSchema = z.object({ runs: z.array(monitorRunSchema) });

export const monitorImagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only images with at least one failing occurrence. */
  failing: z.enum(['true', 'false']).optional(),
  /** Only images with at least one occurrence that breaks this rule (an issue id of the run's `rules`, e.g. missing-alt). */
  rule: z.string().regex(/^[a-z0-9-]{1,64}$/, 'A rule is an issue id such as missing-alt').optional(),
});

export const monitorImageSchema = z.object({
  /** The resolved picture URL (null: inline SVG, one per element). */
  imageUrl: z.string().nullable(),
  occurrences: z.number().int(),
  failing: z.number().int(),
  /** Pages it is on. */
  pages: z.number().int(),
  /** One page it is on, and one name it is announced by there. */
  examplePage: z.string(),
  exampleName: z.string().nullable(),
});
export const monitorImageListSchema = z.object({ images: z.array(monitorImageSchema), total: z.number().int() });

export const monitorPagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(['ok', 'skipped', 'failed']).optional(),
});

export const monitorPageListSchema = z.object({
  pages: z.array(
    z.object({
      url: z.string(),
      /** ok: read as a page; skipped: not HTML, a redirect off the site, a duplicate; failed: an error. */
      status: z.enum(['ok', 'skipped', 'failed']),
      reason: z.string().nullable(),
      title: z.string().nullable(),
      images: z.number().int(),
    }),
  ),
  total: z.number().int(),
});

export const monitorTrendSchema = z.object({
  points: z.array(
    z.object({
      runId: z.string(),
      number: z.number().int(),
      finishedAt: z.string(),
      pagesCrawled: z.number().int(),
      distinctImages: z.number().int(),
      occurrences: z.number().int(),
      failing: z.number().int(),
      regressed: z.number().int(),
      coverage: z.number().nullable(),
    }),
  ),
});

/** GET …/runs/{runId}/fixes: the formats of the fix list. */
export const monitorFixesQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/**
 * One fix: an occurrence the run found failing whose image's suggestion a person approved in the
 * review queue of the run's fix job. Sorted by page, then by where on the page.
 */
export const monitorFixSchema = z.object({
  pageUrl: z.string(),
  /** Where the element is on the page, in words, and its CSS path. */
  location: z.string(),
  selector: z.string(),
  imageUrl: z.string(),
  /** What the element is announced by now (null: nothing). */
  currentAlt: z.string().nullable(),
  /** The approved text to put in its place. */
  suggestedAlt: z.string(),
});
export type MonitorFix = z.infer<typeof monitorFixSchema>;

export const monitorFixListSchema = z.object({
  /** The bulk job the suggestions come from (null: none was created from this run yet). */
  jobId: z.string().nullable(),
  pages: z.array(z.object({ pageUrl: z.string(), fixes: z.array(monitorFixSchema.omit({ pageUrl: true })) })),
  /** Fixes listed (approved suggestions times the failing occurrences of their image). */
  total: z.number().int(),
});
export type MonitorFixList = z.infer<typeof monitorFixListSchema>;
