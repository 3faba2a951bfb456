import type { FastifyBaseLogger } from 'fastify';
import type { ImagePurpose } from '@altwise/shared';
import type { AltTextDescription, AltTextEngine, Described } from '@altwise/engine';
import type { GenerationUnit } from '../../alt-text';
import { accountCacheScope, resultUsage, toItemError } from '../../alt-text';
import type { JobQuotaStatus } from '../job-estimate';
import { unitsLeft } from '../job-estimate';
import { JOBS_ENDPOINT, imageKeyOf } from '../job-runner';
import type { ClaimedItem } from '../job-item-leases.repository';
import type { JobsRepository } from '../jobs.repository';
import type { BatchAnswer, BatchClient, BatchFailure, BatchLine } from './batch-client';
import { MAX_BATCH_BYTES, answersByItem, customIdOf, readingOf } from './batch-client';
import { jobReadingsOf } from './economy-mode';
import { createEconomyItemSettlement } from './economy-item-settlement';
import type { BatchRow, EconomyRepository } from './economy.repository';
import type { MeteringService } from '../../usage';
import pMap from 'p-map';
import { backoffMs } from '../../../platform/backoff';

/** Images read and prepared at once while a batch is assembled. */
const PREPARE_CONCURRENCY = 4;
/** Answers recorded at once (their settlements share the writer's group commits). */
const RECORD_CONCURRENCY = 32;

/**
 * Economy jobs: their items go to the provider's batch API instead of the job runner.
 *
 * Each pass: (1) items waiting for a batch are put in a local batch row (job_batches), as many as the
 * account's quota admits now: the units are charged up front by the live path's admission and held
 * by the batch (its reservation), so no other job, instance or live request can take them while the
 * provider works; (2) each open batch this instance leases (one instance per batch) is submitted
 * (found again by its marker first, so a batch the provider accepted before a crash is never
 * submitted twice), or polled, and once ended its answers are checked and recorded through the
 * generation unit (each settles one held unit, once, under the item's fencing token). Items without
 * an answer give their unit back and go back for a later batch, at most MAX_JOB_ITEM_ATTEMPTS tries
 * in all, then fail uncharged; a closed batch (recorded, cancelled) gives back what it still holds.
 */
export function createEconomyCoordinator(deps: {
  now: () => number;
  /** Times this server's work on an answer (tests step it); performance.now by default. */
  monotonic?: () => number;
  owner: string;
  aliveSince: () => number;
  client: BatchClient;
  engine: Pick<AltTextEngine, 'prepareRequest' | 'finishAnswer' | 'finishReadings' | 'rememberAnswer'>;
  generation: GenerationUnit;
  /** The batches' reservations (usage module): held past the admitting instance, settled by the batch. */
  reservations: Pick<MeteringService, 'holdIn' | 'heldBy' | 'settleIn' | 'releaseHeldIn' | 'unsettled'>;
  repository: EconomyRepository;
  jobs: JobsRepository;
  quotaStatus: (userId: string) => Promise<JobQuotaStatus>;
  pollMs: number;
  batchMaxItems: number;
  /** Items of the job settled: its end or progress (the dispatchers' follow-up). */
  settled: (jobId: string) => Promise<void>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { repository, jobs, client, owner } = deps;
  const monotonic = deps.monotonic ?? (() => performance.now());
  // Held while a batch is worked on; long enough for a large batch's images to be read.
  const leaseMs = Math.max(deps.pollMs * 3, 5 * 60_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  // Each submitted item's description-cache key and OCR text (batch id → idx), kept from its
  // preparation to its answer so the answer is cached as a live one is, and a verified item's text
  // has OCR as a witness. In memory only: a batch recorded by another instance, or after a restart,
  // is recorded without caching (the cache is only a saving) and its readings compared without OCR.
  const preparedOf = new Map<string, Map<number, { cacheKey?: string; ocrText?: string }>>();

  const { itemWrite, fail, retryLater, heldOf } = createEconomyItemSettlement({ owner, now: deps.now, jobs, repository, reservations: deps.reservations });

  /** The batch is over: nobody polls it again, and what it still holds goes back to the account. */
  async function close(batch: BatchRow, status: 'recorded' | 'cancelled'): Promise<void> {
    await jobs.transaction(async (trx) => {
      await repository.closeBatch(trx, batch.id, status);
      await deps.reservations.releaseHeldIn(trx, batch.id);
    });
    preparedOf.delete(batch.id);
  }

  const optionsOf = (batch: BatchRow) => JSON.parse(batch.options ?? '{}') as { language?: string; maxLength?: number };
  /** The engine's options of a batch's items: a verified job's readings as `samples`. */
  const describeOptionsOf = <T extends object>(styled: T, readings: number) => (readings > 1 ? { ...styled, samples: readings } : styled);
  const purposeOf = (purpose: string | null | undefined) => (purpose ? (JSON.parse(purpose) as ImagePurpose) : undefined);
  /** An item's style as its account and job set it: when its batch is prepared, and again when its answer is checked. */
  const styledFor = (
    userId: string,
    item: Pick<ClaimedItem, 'language' | 'context' | 'purpose'>,
    options: ReturnType<typeof optionsOf>,
  ) => deps.generation.styled(userId, { language: item.language ?? options.language, maxLength: options.maxLength, context: item.context ?? undefined, purpose: purposeOf(item.purpose) });

  /**
   * Step 1: local batches for items waiting, each with the units the account's quota admits now
   * (the live path's atomic admission: two jobs, instances or a live request never get the same
   * unit), held by the batch until its items are answered, fail or go back.
   */
  async function openBatches(): Promise<void> {
    const now = deps.now();
    for (const job of await repository.jobsToSubmit(now, 20)) {
      let quota = await deps.quotaStatus(job.user_id);
      // A verified job's item needs a unit per reading: fewer left than that is no room at all.
      const readings = jobReadingsOf(job.options);
      if (unitsLeft(quota) < readings) {
        // Submitting what cannot be charged would pay the provider for answers we could not give.
        // Units admitted and not settled yet (a batch at the provider, one being opened, a live
        // request) may come back: a later pass looks again; otherwise only the window's reset does.
        if (await deps.reservations.unsettled(job.user_id)) continue;
        // Read again after finding nothing unsettled: a refund that committed between the first read
        // and that one (a cancelled job's batch) gave units back that the first read did not see, and
        // the job would have waited for the window's reset beside them (seen in CI on PostgreSQL).
        quota = await deps.quotaStatus(job.user_id);
        if (unitsLeft(quota) < readings) {
          await jobs.setWaiting(job.id, quota.hour.remaining < readings ? quota.hour.resetAt : quota.day.resetAt);
          continue;
        }
      }
      const left = unitsLeft(quota);
      // The batch's size counts provider requests: a verified job's item is one per reading, and as many units.
      const items = await repository.waitingItems(job.id, now, Math.floor(Math.min(left, deps.batchMaxItems) / readings));
      if (items === 0) continue;
      const { reservation } = await deps.generation.admit(job.user_id, items * readings);
      // Refused: other work took the room since it was read; the next pass reads it again.
      if (!reservation) continue;
      try {
        await repository.openBatch(job.id, client.provider, now, items, (trx, batchId, taken) => deps.reservations.holdIn(trx, reservation, batchId, taken * readings));
      } finally {
        // Held by the batch once committed; if the opening failed, reconcile releases the admission.
        deps.generation.finish(reservation);
      }
    }
  }

  /** Step 2a: read and prepare the batch's images, then submit it (or find it submitted before). */
  async function submit(batch: BatchRow): Promise<void> {
    const found = await client.findByMarker(batch.id, Number(batch.created_at));
    if (found) {
      await repository.setSubmitted(batch.id, owner, found, deps.now());
      return;
    }
    const items = await repository.pendingItems(batch.job_id, batch.id);
    const claimed = await repository.claimItems(batch.job_id, batch.id, items.map((item) => item.idx), owner, deps.now(), deps.aliveSince());
    const held = await heldOf(batch);
    const options = optionsOf(batch);
    // A verified job's item is `readings` lines, one per reading, all in this batch.
    const readings = jobReadingsOf(batch.options);
    const lines: BatchLine[] = [];
    const prepared = new Map<number, { cacheKey?: string; ocrText?: string }>();
    let bytes = 0;
    await pMap(claimed, async (item) => {
      try {
        const styled = await styledFor(batch.user_id!, item, options);
        const request = await deps.engine.prepareRequest({ url: item.imageUrl }, describeOptionsOf(styled, readings), { cacheScope: accountCacheScope(batch.user_id!) });
        await repository.setImageHash(item.jobId, item.idx, request.sha256);
        bytes += (request.image.base64.length + request.user.length + request.system.length) * readings;
        if (bytes > MAX_BATCH_BYTES) {
          // Past the provider's size limit: the next batch takes it.
          await retryLater({ ...item, attempts: item.attempts - 1 }, held, { code: 'batch_full', message: 'Sent in the next provider batch' });
          return;
        }
        for (let sample = 0; sample < readings; sample += 1) lines.push({ customId: customIdOf(item.idx, sample), request, ...(sample > 0 && { sample }) });
        prepared.set(item.idx, { cacheKey: request.cacheKey, ocrText: request.ocrText });
      } catch (error) {
        // The image could not be read (unreachable, too large, not an image): nothing was sent, nothing charged.
        await fail(item, held, toItemError(error));
      }
    }, { concurrency: PREPARE_CONCURRENCY });
    // The claims were only the preparation's: give them back, so the results are claimed afresh.
    for (const item of claimed) await jobs.releaseLease(item, owner);
    if (lines.length === 0) {
      await close(batch, 'recorded');
      await deps.settled(batch.job_id);
      return;
    }
    await repository.renewBatch(batch.id, owner, deps.now() + leaseMs);
    const order = (line: BatchLine) => readingOf(line.customId) ?? { idx: 0, sample: 0 };
    lines.sort((a, b) => order(a).idx - order(b).idx || order(a).sample - order(b).sample);
    preparedOf.set(batch.id, prepared);
    const providerBatchId = await client.submit(lines, batch.id);
    await repository.setSubmitted(batch.id, owner, providerBatchId, deps.now());
    await jobs.markStarted([batch.job_id], deps.now());
  }

  /** Step 2b: an ended batch's answers, checked and recorded; the unanswered tried again later. */
  async function record(batch: BatchRow, answers: BatchAnswer[]): Promise<void> {
    const byIdx = answersByItem(answers);
    const readings = jobReadingsOf(batch.options);
    const items = await repository.pendingItems(batch.job_id, batch.id);
    const hashOf = new Map(items.map((item) => [item.idx, item.image_hash]));
    const claimed = await repository.claimItems(batch.job_id, batch.id, items.map((item) => item.idx), owner, deps.now(), deps.aliveSince());
    const held = await heldOf(batch);
    const options = optionsOf(batch);
    const payer = { userId: batch.user_id!, apiKeyId: batch.api_key_id };
    const preparedItems = preparedOf.get(batch.id);
    const described: Array<{ item: ClaimedItem; described: Described; description: AltTextDescription; processingMs: number }> = [];
    for (const item of claimed) {
      // A verified item needs all its readings: one missing or failed sends the whole item to a later batch.
      const got = Array.from({ length: readings }, (_, sample) => byIdx.get(item.idx)?.[sample]);
      if (got.some((answer) => !answer)) {
        await retryLater(item, held, { code: 'provider_timeout', message: readings > 1 ? 'The provider batch ended before answering every reading of this image' : 'The provider batch ended before answering this image' });
        continue;
      }
      const refused = got.find((answer) => answer && !answer.ok);
      if (refused && !refused.ok) {
        // A request the provider refused as invalid is refused again on a resend: it fails now, uncharged.
        await (refused.permanent ? fail(item, held, { code: 'provider_error', message: `The provider refused this request: ${refused.message}` }) : retryLater(item, held, { code: 'provider_error', message: refused.message }));
        continue;
      }
      const answered = got.filter((answer) => answer?.ok === true);
      try {
        // This server's time on the answer (its check), not the hours the provider's queue took:
        // the usage analytics average it with live response times (the job's own times show the wait).
        const started = monotonic();
        const styled = await styledFor(payer.userId, item, options);
        const description =
          readings > 1
            ? deps.engine.finishReadings(answered.map(({ answer, usage }) => ({ answer, usage })), describeOptionsOf(styled, readings), preparedItems?.get(item.idx)?.ocrText)
            : deps.engine.finishAnswer(answered[0]!.answer, styled, answered[0]!.usage);
        const processingMs = Math.round(monotonic() - started);
        described.push({ item, described: { ...description, cached: false, sha256: hashOf.get(item.idx) ?? '' }, description, processingMs });
      } catch (error) {
        await retryLater(item, held, toItemError(error));
      }
    }
    // Each answer settles its units of those the batch holds (charged when the batch opened: one per
    // reading); several at once, so their settlements share group commits.
    await pMap(described, async ({ item, described: answer, description, processingMs }) => {
      const verdict = await deps.generation.record({
        payer,
        endpoint: JOBS_ENDPOINT,
        reservation: held.reservation,
        described: answer,
        processingMs,
        units: readings,
        persistent: true,
        succeeded: (done, processingTime, settledAt) => {
          const { altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, samples, agreement, claims, uncertain } = done;
          // The job's result shape (the runner's): the job, not the item, says it ran as economy.
          const result = JSON.stringify({ altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, cached: false, processingTime, ...resultUsage(done), samples, agreement, claims, uncertain });
          // Read when the batch was prepared; identical bytes in the job share one description.
          const imageHash = done.sha256;
          return itemWrite(item, settledAt, { kind: 'succeeded', result, imageHash, imageKey: imageKeyOf(imageHash, item), uncertain: uncertain?.length ?? 0 });
        },
      });
      const key = preparedItems?.get(item.idx)?.cacheKey;
      if (verdict === 'written' && key) {
        await deps.engine.rememberAnswer(key, description, accountCacheScope(payer.userId)).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not cache a batch answer'));
      }
    }, { concurrency: RECORD_CONCURRENCY });
    await close(batch, 'recorded');
  }

  /**
   * The provider refused the whole batch (nothing answered, nothing charged). A reason that will not
   * change fails its items at once, with the provider's reason on each; any other is tried again in a
   * later batch after a backoff that doubles with the items' tries.
   */
  async function refused(batch: BatchRow, failure: BatchFailure): Promise<void> {
    deps.logger.warn({ batch: batch.id, providerBatch: batch.provider_batch_id, permanent: failure.permanent, errors: failure.message }, 'the provider refused an economy batch');
    const items = await repository.pendingItems(batch.job_id, batch.id);
    const claimed = await repository.claimItems(batch.job_id, batch.id, items.map((item) => item.idx), owner, deps.now(), deps.aliveSince());
    const held = await heldOf(batch);
    const error = { code: 'provider_error', message: `The provider refused the batch: ${failure.message}` };
    let tries = 0;
    for (const item of claimed) {
      tries = Math.max(tries, item.attempts + 1);
      if (failure.permanent) await fail(item, held, error);
      else await retryLater(item, held, error);
    }
    if (!failure.permanent && claimed.length > 0) await jobs.setWaiting(batch.job_id, deps.now() + refusalBackoffMs(tries));
    await close(batch, 'recorded');
  }

  /** The wait before a refused batch's items go out again: the poll interval, doubled per try, at most an hour. */
  const refusalBackoffMs = (tries: number) => backoffMs(tries + 1, { firstMs: deps.pollMs, maxMs: 60 * 60_000 });

  async function work(batch: BatchRow): Promise<void> {
    if (batch.job_status === null || batch.job_status === 'cancelled') {
      // Cancelled (or gone with its account): the provider stops too; nothing is recorded or charged.
      if (batch.provider_batch_id) await client.cancel(batch.provider_batch_id).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not cancel a provider batch'));
      await close(batch, 'cancelled');
      return;
    }
    if (batch.status === 'submitting' || !batch.provider_batch_id) return submit(batch);
    if (!(await client.ended(batch.provider_batch_id))) return;
    const failure = await client.failure(batch.provider_batch_id);
    if (failure) await refused(batch, failure);
    else await record(batch, await client.results(batch.provider_batch_id));
    await deps.settled(batch.job_id);
  }

  async function pass(): Promise<void> {
    await openBatches();
    const seen: string[] = [];
    for (;;) {
      const now = deps.now();
      const batch = await repository.takeBatch(owner, now, deps.aliveSince(), now + leaseMs, seen);
      if (!batch) break;
      seen.push(batch.id);
      try {
        await work(batch);
      } catch (error) {
        deps.logger.warn({ err: error, batch: batch.id }, 'economy batch step failed; retrying at the next poll');
      }
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'economy pass failed; retrying'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    start(): void {
      stopped = false;
      timer = setInterval(kick, deps.pollMs);
      timer.unref();
      kick();
    },
    /** A job was stored or cancelled: look now rather than at the next poll. */
    wake: kick,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type EconomyCoordinator = ReturnType<typeof createEconomyCoordinator>;
