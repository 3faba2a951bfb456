// Seeds finished jobs straight into the database for the review suites and the review bench: a
// 10,000-item job reviewed through the API would otherwise first have to be described.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recountJobs } from './job-counts.repository';

export type SeedKind = 'model' | 'draft' | 'failing' | 'failed' | 'pending' | 'cancelled';

export interface SeedItem {
  kind: SeedKind;
  /** Index of the first item of its group (same image bytes), if a duplicate. */
  duplicateOf?: number;
  context?: string;
}

export function seedResult(kind: SeedKind, idx: number): string | null {
  if (kind === 'failed' || kind === 'pending' || kind === 'cancelled') return null;
  const base = { altText: `A blue ceramic mug on a wooden table, number ${idx}`, isDecorative: false, containsText: false, provider: 'openai-compatible', model: 'fake', cached: false, processingTime: 5 };
  if (kind === 'draft') return JSON.stringify({ ...base, altText: `Photograph, mostly blue ${idx}`, provider: 'offline', model: 'offline', wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model', issues: [] });
  if (kind === 'failing') return JSON.stringify({ ...base, altText: 'image', wcagCompliant: false, verification: 'model', issues: [{ id: 'placeholder', severity: 'error', message: 'Alt text is a placeholder word' }] });
  return JSON.stringify({ ...base, wcagCompliant: true, verification: 'model', issues: [] });
}

const STATUS: Record<SeedKind, string> = { model: 'succeeded', draft: 'succeeded', failing: 'succeeded', failed: 'failed', pending: 'pending', cancelled: 'cancelled' };

/** A job of `items` for `userId`, stored as if its items had run; answers its id. */
export async function seedReviewJob(db: Kysely<Database>, userId: string, items: SeedItem[], now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('jobs')
    .values({
      id,
      user_id: userId,
      api_key_id: null,
      status: items.some((item) => item.kind === 'pending') ? 'running' : 'completed',
      total: items.length,
      options: '{}',
      columns: '[]',
      row_errors: '[]',
      webhook_url: null,
      created_at: now,
      started_at: now,
      finished_at: now,
      waiting_until: null,
      progress_sent_at: null,
    })
    .execute();
  for (let at = 0; at < items.length; at += 500) {
    const rows = items.slice(at, at + 500).map((item, offset) => {
      const idx = at + offset;
      const status = STATUS[item.kind];
      return {
        job_id: id,
        idx,
        image_url: `https://images.example.com/${id}/${item.duplicateOf ?? idx}.png`,
        context: item.context ?? null,
        client_id: `sku-${idx}`,
        columns: null,
        purpose: null,
        status,
        lease_owner: null,
        result: seedResult(item.kind, item.duplicateOf ?? idx),
        error_code: status === 'failed' ? 'image_fetch_failed' : null,
        error_message: status === 'failed' ? 'The image could not be fetched' : null,
        review: null,
        finished_at: status === 'pending' ? null : now,
      };
    });
    await db.insertInto('job_items').values(rows).execute();
  }
  // Duplicates are marked afterwards, one statement per group (the column comes with de-duplication).
  const groups = new Map<number, number[]>();
  items.forEach((item, idx) => item.duplicateOf !== undefined && groups.set(item.duplicateOf, [...(groups.get(item.duplicateOf) ?? []), idx]));
  for (const [first, members] of groups) {
    await sql`update job_items set duplicate_of = ${first} where job_id = ${id} and idx in (${sql.join(members)})`.execute(db);
  }
  // Written around the repository: the job's counts are taken from its items.
  await recountJobs(db, [id]);
  return id;
}
