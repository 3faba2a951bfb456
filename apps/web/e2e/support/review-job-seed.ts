import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface SeedItem {
  kind: 'model' | 'draft' | 'failing' | 'failed';
  duplicateOf?: number;
  context?: string;
}

/**
 * A finished job written straight into the server's own SQLite file (WAL: this writer and the
 * server share it safely), as the server's review suites seed it: 1,000 items described through
 * a model would make this a model test. The browser talks to the server over HTTP only.
 * `imageUrl(name)` is the loopback image host's URL for an item's image.
 */
export function seedReviewJob(dataDir: string, imageUrl: (name: string) => string, userId: string, items: SeedItem[]): string {
  const database = new SQLite(path.join(dataDir, 'altwise.db'), { timeout: 5_000 });
  const id = randomUUID();
  const now = Date.now();
  const result = (kind: SeedItem['kind'], at: number) => {
    if (kind === 'failed') return null;
    const base = { altText: `A blue ceramic mug on a wooden table, number ${at}`, isDecorative: false, containsText: false, provider: 'openai-compatible', model: 'fake', cached: false, processingTime: 5 };
    if (kind === 'draft') return JSON.stringify({ ...base, provider: 'offline', model: 'offline', wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model', issues: [] });
    if (kind === 'failing') return JSON.stringify({ ...base, altText: 'image', wcagCompliant: false, verification: 'model', issues: [{ id: 'placeholder', severity: 'error', message: 'Alt text is a placeholder word' }] });
    return JSON.stringify({ ...base, wcagCompliant: true, verification: 'model', issues: [] });
  };
  database.transaction(() => {
    database
      // With the item counts the server keeps on the job's row (migration 0033).
      .prepare(
        "insert into jobs (id, user_id, api_key_id, status, total, options, columns, row_errors, webhook_url, created_at, started_at, finished_at, waiting_until, progress_sent_at, items_succeeded, items_failed, items_distinct) values (?, ?, null, 'completed', ?, '{}', '[]', '[]', null, ?, ?, ?, null, null, ?, ?, ?)",
      )
      .run(id, userId, items.length, now, now, now, items.filter((item) => item.kind !== 'failed').length, items.filter((item) => item.kind === 'failed').length, items.filter((item) => item.duplicateOf === undefined).length);
    const insert = database.prepare(
      'insert into job_items (job_id, idx, image_url, context, client_id, columns, purpose, status, lease_owner, result, error_code, error_message, review, finished_at, duplicate_of) values (?, ?, ?, ?, ?, null, null, ?, null, ?, ?, ?, null, ?, ?)',
    );
    items.forEach((item, idx) => {
      const failed = item.kind === 'failed';
      insert.run(id, idx, `${imageUrl(`seed-${item.duplicateOf ?? idx}.png`)}`, item.context ?? null, `sku-${idx}`, failed ? 'failed' : 'succeeded', result(item.kind, item.duplicateOf ?? idx), failed ? 'image_fetch_failed' : null, failed ? 'The image could not be fetched' : null, now, item.duplicateOf ?? null);
    });
  })();
  database.close();
  return id;
}
