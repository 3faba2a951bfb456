import type { Described } from '@altwise/engine';
import type { AltTextResult } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import { fromHistory, imageLabel, toResult } from './generation-result';
import { newGenerationId } from './generation-id';
import type { GenerationRepository } from './generation.repository';
import type { ImageInput, RowWrite } from './generation-unit';
import { createThumbnails } from './thumbnail';
import { usageColumns } from './token-usage';

/**
 * The name of one request's history rows, the same on every attempt of that request: a retry
 * after a crash finds, under it, the rows (and so the charges) an earlier attempt settled, and
 * charges only the rest. Row `index` is written as `<name>:<index>`.
 *
 * It comes from the caller (the route, from the Idempotency-Key record) because only the edge
 * knows that two attempts are one request; and it cannot be kept anywhere but on the row, because
 * the row, its usage event and its charge commit in one transaction: a name recorded elsewhere,
 * after that commit, would be lost by a crash in between, and the retry would charge again
 * (docs/api-conventions.md#idempotency). Without a name (no key), nothing can retry the request
 * as itself, and the rows carry none.
 */
export type RowsName = string;

const rowName = (rows: RowsName, index: number) => `${rows}:${index}`;

/** The history rows of single requests and batch items: how they are written into a unit, and found again. */
export function createHistoryRows(generations: GenerationRepository) {
  const thumbnails = createThumbnails();

  return {
    /**
     * The unit's writer for one description: its history row, written in the unit's transaction,
     * named `rows`' `index` when the request is named.
     */
    async writer(caller: Caller, image: ImageInput, described: Described, processingTime: number, at: number, named: { rows?: RowsName; index: number }): Promise<RowWrite> {
      // After describing: an undecodable upload has already failed, and the timing excludes this.
      const thumbnail = 'bytes' in image ? await thumbnails.of(image.bytes, described.sha256) : null;
      const result = toResult(imageLabel(image), described, processingTime, at);
      const row = {
        id: newGenerationId(at),
        user_id: caller.userId,
        api_key_id: caller.apiKeyId,
        source: result.imageUrl,
        alt_text: result.altText,
        long_description: result.longDescription ?? null,
        is_decorative: result.isDecorative ? 1 : 0,
        contains_text: result.containsText ? 1 : 0,
        text_in_image: result.textInImage ?? null,
        wcag_compliant: result.wcagCompliant ? 1 : 0,
        verification: result.verification,
        issues: JSON.stringify(result.issues),
        provider: result.provider,
        model: result.model,
        cached: result.cached ? 1 : 0,
        processing_ms: processingTime,
        created_at: at,
        request_ref: named.rows ? rowName(named.rows, named.index) : null,
        thumbnail,
        ...usageColumns(result.usage),
      };
      return async (trx) => {
        await generations.insertMany([row], trx);
        return 'written';
      };
    },

    /** Results an earlier attempt of the request named `rows` already settled, by item index. */
    async settled(userId: string, rows: RowsName | undefined, count: number): Promise<Map<number, AltTextResult>> {
      if (!rows) return new Map();
      const refs = Array.from({ length: count }, (_, index) => rowName(rows, index));
      const found = await generations.findByRefs(userId, refs);
      return new Map(found.map((row) => [refs.indexOf(row.request_ref!), fromHistory(row)]));
    },
  };
}
