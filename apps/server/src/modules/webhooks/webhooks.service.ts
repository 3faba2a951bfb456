import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { checkOutboundUrl, isEngineError, postGuarded } from '@altwise/engine';
import type { Job } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { decrypt, encrypt, randomBase62 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createSweepLoop } from '../../platform/sweep-loop';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import type { DeliveryRow, WebhooksRepository } from './webhooks.repository';
import { backoffMs } from '../../platform/backoff';

/** A job's own events, sent to the job's webhook URL. */
export type JobWebhookEvent = 'job.progress' | 'job.completed' | 'job.failed';
/**
 * Account events (Settings → "Webhook notifications"), sent to the account's default webhook URL.
 * `job.finished` also carries the job (every job of the account, cancelled ones too).
 */
export type AccountWebhookEvent = 'account.limit_reached' | 'api_key.created' | 'api_key.revoked' | 'job.finished' | 'monitor.regressed';
export type WebhookEvent = JobWebhookEvent | AccountWebhookEvent;

/** Deliveries are retried with exponential backoff for this long after the event, then given up. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Due deliveries taken per sweep. */
const BATCH = 20;
const MAX_BACKOFF_MS = 2 * 60 * 60 * 1000;
const ATTEMPT_TIMEOUT_MS = 10_000;

/** A receiver that accepted the connection and never answered (AbortSignal.timeout, undici's own deadlines). */
function isTimeout(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function toDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    url: row.url,
    status: row.status as 'pending' | 'delivered' | 'failed',
    attempts: JSON.parse(row.attempts_log) as DeliveryAttempt[],
    createdAt: new Date(Number(row.created_at)).toISOString(),
    nextAttemptAt: row.status === 'pending' ? new Date(Number(row.next_attempt_at)).toISOString() : null,
  };
}

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  durationMs: number;
  error?: string;
}

/** Decides, just before an attempt, that a job's event is no longer worth sending, and says why. */
export interface StaleEventRule {
  isStale(jobId: string): Promise<boolean>;
  reason: string;
}

/**
 * Signed webhooks for jobs: a per-account signing secret (AES-GCM at rest, shown once), events
 * stored as deliveries and sent by whichever instance sweeps them (this module's own loop), each
 * attempt recorded. URLs go through the engine's SSRF guard when the job is created and again at
 * every attempt.
 */
export function createWebhooksService(deps: {
  ctx: Pick<AppContext, 'now' | 'keys'>;
  repository: WebhooksRepository;
  allow: readonly string[];
  /** The first retry's delay; doubled each attempt up to 2 hours (tests shorten it). */
  retryBaseMs: number;
  /** How often due deliveries are looked for. */
  pollMs: number;
  onSweepError: (error: unknown) => void;
}) {
  const { ctx, repository } = deps;
  // Set by the module that owns the job (jobs), which needs this one, so cannot be passed in.
  const staleRules = new Map<WebhookEvent, StaleEventRule>();
  // Attempts being sent from here, by account, so a deleted account's stop at once (forgetAccount).
  const sendingOf = new Map<string, Set<AbortController>>();

  async function attempt(row: DeliveryRow): Promise<void> {
    const stop = new AbortController();
    const mine = sendingOf.get(row.user_id) ?? new Set<AbortController>();
    sendingOf.set(row.user_id, mine.add(stop));
    try {
      await attemptWith(row, stop.signal);
    } finally {
      mine.delete(stop);
      if (mine.size === 0 && sendingOf.get(row.user_id) === mine) sendingOf.delete(row.user_id);
    }
  }

  async function attemptWith(row: DeliveryRow, signal: AbortSignal): Promise<void> {
    const secretRow = await repository.secretOf(row.user_id);
    // Deleted with its account since the claim: the row is gone too, nothing to send or record.
    if (signal.aborted) return;
    const started = performance.now();
    const log = JSON.parse(row.attempts_log) as DeliveryAttempt[];
    const staleRule = staleRules.get(row.event as WebhookEvent);
    if (staleRule && row.job_id !== null && (await staleRule.isStale(row.job_id))) {
      // A receiver that was down must not hear of progress after the job's end (job.completed or
      // job.failed carries the final state): the stale event is dropped, saying why.
      const now = ctx.now();
      log.push({ at: new Date(now).toISOString(), status: null, durationMs: 0, error: staleRule.reason });
      await repository.recordAttempt(row.id, { status: 'failed', attempts: Number(row.attempts), attemptsLog: JSON.stringify(log), nextAttemptAt: now, finishedAt: now });
      return;
    }
    let status: number | null = null;
    let error: string | undefined;
    if (!secretRow) error = 'No signing secret';
    else {
      const secret = decrypt(ctx.keys.encryption, secretRow.secret_ciphertext);
      const at = ctx.now();
      try {
        ({ status } = await postGuarded(row.url, {
          body: row.payload,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, row.payload, Math.floor(at / 1000)), 'altwise-event': row.event, 'altwise-delivery': row.id, 'user-agent': 'Altwise-Webhooks/1' },
          allow: deps.allow,
          timeoutMs: ATTEMPT_TIMEOUT_MS,
          signal,
        }));
      } catch (caught) {
        error = isEngineError(caught) ? caught.message : isTimeout(caught) ? `The webhook URL did not answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : 'The webhook URL could not be reached';
      }
    }
    const now = ctx.now();
    const attempts = Number(row.attempts) + 1;
    log.push({ at: new Date(now).toISOString(), status, durationMs: Math.round(performance.now() - started), ...(error ? { error } : {}) });
    const delivered = status !== null && status >= 200 && status < 300;
    const next = now + backoffMs(attempts, { firstMs: deps.retryBaseMs, maxMs: MAX_BACKOFF_MS });
    const givenUp = !delivered && next > Number(row.created_at) + DELIVERY_WINDOW_MS;
    await repository.recordAttempt(row.id, {
      status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
      attempts,
      attemptsLog: JSON.stringify(log),
      nextAttemptAt: delivered || givenUp ? now : next,
      finishedAt: delivered || givenUp ? now : null,
    });
  }

  async function insertEvent(target: { userId: string; jobId: string | null; url: string }, event: WebhookEvent, data: object, executor?: Executor): Promise<void> {
    const id = randomUUID();
    const at = ctx.now();
    const payload = JSON.stringify({ id, type: event, createdAt: new Date(at).toISOString(), data });
    await repository.insert({ id, user_id: target.userId, job_id: target.jobId, event, url: target.url, payload, status: 'pending', attempts: 0, attempts_log: '[]', next_attempt_at: at, created_at: at, finished_at: null }, executor);
  }

  /** Sends what is due: one batch; true when it was full (more may be due). */
  async function deliverDue(): Promise<boolean> {
    const due = await repository.claimDue(ctx.now(), BATCH);
    await Promise.all(due.map((row) => attempt(row)));
    return due.length === BATCH;
  }
  const loop = createSweepLoop({ everyMs: deps.pollMs, sweepOnce: deliverDue, onError: deps.onSweepError });

  const service = {
    /** A new signing secret (replacing any old one at once); the only time it is shown. */
    async rotateSecret(userId: string): Promise<{ secret: string; createdAt: string }> {
      const secret = `whsec_${randomBase62(40)}`;
      const at = ctx.now();
      await repository.saveSecret(userId, encrypt(ctx.keys.encryption, secret), at);
      return { secret, createdAt: new Date(at).toISOString() };
    },

    async secretStatus(userId: string): Promise<{ configured: boolean; createdAt: string | null; defaultUrl: string | null }> {
      const row = await repository.secretOf(userId);
      return { configured: Boolean(row), createdAt: row ? new Date(Number(row.created_at)).toISOString() : null, defaultUrl: row?.default_url ?? null };
    },

    /** The URL used by jobs without one of their own: checked like a job's (secret, SSRF guard); null clears it. */
    async setDefaultUrl(userId: string, url: string | null) {
      if (url) await service.validateTarget(userId, url);
      // A URL needs the secret's row (checked above); clearing without one has nothing to clear.
      await repository.setDefaultUrl(userId, url);
      return service.secretStatus(userId);
    },

    /** The account's default webhook URL, if any (a job created without one uses it; account events go there). */
    async defaultUrl(userId: string, executor?: Executor): Promise<string | null> {
      return (await repository.secretOf(userId, executor))?.default_url ?? null;
    },

    /** At job creation: a webhook needs a signing secret and a URL the SSRF guard allows. */
    async validateTarget(userId: string, url: string): Promise<void> {
      if (!(await repository.secretOf(userId))) {
        throw new AppError('validation_failed', 'Create a webhook signing secret first (POST /api/v1/webhooks/secret)', 400, [{ field: 'webhookUrl', message: 'No signing secret' }]);
      }
      try {
        await checkOutboundUrl(url, { allow: deps.allow });
      } catch (error) {
        if (isEngineError(error) && error.code === 'url_not_allowed') {
          throw new AppError('url_not_allowed', 'The webhook URL points to an address that is not allowed', 400, [{ field: 'webhookUrl', message: 'Not allowed' }]);
        }
        throw new AppError('validation_failed', 'The webhook URL could not be resolved', 400, [{ field: 'webhookUrl', message: 'Unreachable' }]);
      }
    },

    /** Stores an event for delivery; in `executor`'s transaction when given (a job's end). */
    async enqueue(job: { id: string; userId: string; webhookUrl: string }, event: JobWebhookEvent, data: Job, executor?: Executor): Promise<void> {
      await insertEvent({ userId: job.userId, jobId: job.id, url: job.webhookUrl }, event, { job: data }, executor);
    },

    /**
     * Stores an account event for the default URL, in `executor`'s transaction (its cause's). A
     * `job.finished` event is listed with its job's deliveries; the others belong to no job.
     */
    async enqueueAccountEvent(target: { userId: string; url: string; jobId: string | null }, event: AccountWebhookEvent, data: object, executor: Executor): Promise<void> {
      await insertEvent(target, event, data, executor);
    },

    /** Retention: finished account events (job events go with their job). */
    deleteAccountEventsBefore: (trx: Executor, cutoff: number) => repository.deleteAccountEventsBefore(trx, cutoff),

    /** Account deletion, in its transaction: every delivery, the signing secret and default URL. */
    deleteForUser: (userId: string, trx?: Executor) => repository.deleteForUser(userId, trx),

    /** Retention, in its transaction: the deliveries of the jobs it deleted. */
    deleteForJobs: (jobIds: readonly string[], trx: Executor) => repository.deleteForJobs(jobIds, trx),

    /** The account was deleted (on any instance): its attempts being sent from here are abandoned at once. */
    forgetAccount(userId: string): void {
      for (const stop of sendingOf.get(userId) ?? []) stop.abort();
    },

    /** From then on, `event`'s deliveries that `rule` finds stale are dropped instead of sent. */
    dropWhenStale(event: JobWebhookEvent, rule: StaleEventRule): void {
      staleRules.set(event, rule);
    },

    /** Sends what is due now instead of at the next poll (call it once the event's transaction committed). */
    wake: () => loop.wake(),
    start: () => loop.start(),
    /** No new sweep; the attempts under way finish (each within its deadline). */
    stop: () => loop.stop(),

    async deliveriesOf(jobId: string) {
      return (await repository.ofJob(jobId)).map(toDelivery);
    },

    /** The account's events that belong to no job (a limit reached, keys), the latest 100. */
    async accountDeliveriesOf(userId: string) {
      return (await repository.accountEventsOf(userId, 100)).map(toDelivery);
    },
  };
  return service;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
