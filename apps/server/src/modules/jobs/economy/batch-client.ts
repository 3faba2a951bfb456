import type { PreparedRequest, TokenUsage } from '@altwise/engine';

/** One request of a provider batch: the item's custom id and its prepared request. */
export interface BatchLine {
  readonly customId: string;
  readonly request: PreparedRequest;
  /** A verified item's reading (1…): sampled as the live reading n is (seed, temperature); unset for reading 0. */
  readonly sample?: number;
}

/** A request's outcome in an ended provider batch: the model's answer, or why there is none. */
export type BatchAnswer =
  | { readonly customId: string; readonly ok: true; readonly answer: unknown; readonly usage?: TokenUsage }
  | {
      readonly customId: string;
      readonly ok: false;
      readonly message: string;
      /** The provider refused the request itself (an invalid request): a resend would be refused again. */
      readonly permanent: boolean;
    };

/** A batch the provider refused as a whole. */
export interface BatchFailure {
  /** A reason that will not change on a resubmission (an invalid request, a model not found). */
  readonly permanent: boolean;
  /** The provider's errors, as one line to log and show on the items. */
  readonly message: string;
}

/**
 * A provider's batch API, as the economy jobs use it. Requests missing from `results` were not
 * answered (the batch expired or was cancelled first).
 */
export interface BatchClient {
  readonly provider: 'openai' | 'anthropic';
  /** Submits the lines as one provider batch, tagged with `marker`; its id. */
  submit(lines: readonly BatchLine[], marker: string): Promise<string>;
  /**
   * The batch submitted earlier under `marker` (the process died between the provider's accept
   * and our commit of its id), or null. Null always where the provider keeps no metadata.
   */
  findByMarker(marker: string, since: number): Promise<string | null>;
  /** Whether the batch has ended (completed, expired, cancelled or failed). */
  ended(id: string): Promise<boolean>;
  results(id: string): Promise<BatchAnswer[]>;
  /**
   * Why the provider refused the whole batch (OpenAI's status `failed`: no output, its `errors`
   * say why), or null. Anthropic has no such status: null always.
   */
  failure(id: string): Promise<BatchFailure | null>;
  cancel(id: string): Promise<void>;
}

/**
 * The batch line's custom id of an item, and of a verified item's reading n ≥ 1 (`item-7-r2`; both
 * providers accept [A-Za-z0-9_-]{1,64}). Reading 0 keeps the plain id, so unverified lines are unchanged.
 */
export const customIdOf = (idx: number, sample?: number) => (sample ? `item-${idx}-r${sample}` : `item-${idx}`);
/** The item and reading a custom id names, or null for one that is not ours. */
export const readingOf = (customId: string): { idx: number; sample: number } | null => {
  const match = /^item-(\d{1,6})(?:-r([1-9]))?$/.exec(customId);
  return match ? { idx: Number(match[1]), sample: Number(match[2] ?? 0) } : null;
};
export const idxOf = (customId: string): number | null => readingOf(customId)?.idx ?? null;

/** Most bytes of one provider batch: under OpenAI's 200 MB input file and Anthropic's 256 MB. */
export const MAX_BATCH_BYTES = 150 * 1024 * 1024;

/** An ended batch's answers by item, each item's by reading (one for an unverified job); other ids are ignored. */
export function answersByItem(answers: readonly BatchAnswer[]): Map<number, BatchAnswer[]> {
  const byIdx = new Map<number, BatchAnswer[]>();
  for (const answer of answers) {
    const reading = readingOf(answer.customId);
    if (!reading) continue;
    const got = byIdx.get(reading.idx) ?? [];
    got[reading.sample] = answer;
    byIdx.set(reading.idx, got);
  }
  return byIdx;
}
