// Site monitors' tables (migrations 0029-site-monitors, 0036-monitor-fixes).

export interface MonitorsTable {
  id: string;
  user_id: string;
  url: string;
  /** manual, daily, weekly or a cron expression (UTC). */
  schedule: string;
  max_pages: number;
  /** JSON: string[] or null. */
  include: string | null;
  exclude: string | null;
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
  /** 0 to 1: a run whose coverage falls below it alerts; null: no such alert. */
  coverage_threshold: number | null;
}

export interface MonitorRunsTable {
  id: string;
  monitor_id: string;
  user_id: string;
  number: number;
  status: 'queued' | 'running' | 'completed' | 'failed';
  trigger: 'manual' | 'schedule';
  /** JSON: string[], the start and sitemap URLs (read once per run). */
  seeds: string | null;
  /** JSON: CrawlFindings. */
  findings: string | null;
  /** JSON: the completed run's figures (monitor-compare.ts). */
  summary: string | null;
  error: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The bulk job suggesting alt text for the run's failing images, once created. */
  fix_job_id: string | null;
}

export interface MonitorPagesTable {
  run_id: string;
  url: string;
  position: number;
  status: 'ok' | 'skipped' | 'failed';
  reason: string | null;
  title: string | null;
  images: number;
  /** JSON: string[]. */
  discovered: string;
}

export interface MonitorOccurrencesTable {
  run_id: string;
  page_url: string;
  image_key: string;
  image_url: string | null;
  selector: string;
  location: string;
  accessible_name: string | null;
  verdict: string;
  /** Issue ids, space-separated. */
  issues: string;
  /** A failing occurrence's surroundings for its suggestion (the page's own words); null when passing. */
  context: string | null;
  /** JSON ImagePurpose: the link or button a failing occurrence is the only content of; else null. */
  purpose: string | null;
  /** A failing occurrence's language (its `lang`, or its nearest ancestor's; migration 0040); else null. */
  language: string | null;
}
