import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../../db/executor';
import type { AuthGuards } from '../../platform/caller';
import { defineModule } from '../../platform/app-module';
import type { AppContext } from '../../platform/context';
import type { Idempotency } from '../idempotency';
import type { InstanceRegistry } from '../instances';
import type { AltTextEngine } from '@altwise/engine';
import type { GenerationUnit } from '../alt-text';
import { createImageEmbedder } from '../alt-text';
import type { MeteringService } from '../usage';
import type { BatchApi } from './economy/batch-client-factory';
import { batchClientFor } from './economy/batch-client-factory';
import { createEconomyCoordinator } from './economy/economy-coordinator';
import { economyModeOf } from './economy/economy-mode';
import { createEconomyRepository } from './economy/economy.repository';
import { endJobIfDone } from './job-end';
import type { JobQuotaStatus } from './job-estimate';
import type { createBullmqDispatcher } from './bullmq-dispatcher';
import { createJobDispatcher } from './job-dispatcher';
import { createLeaseKeeper } from './job-leases';
import { createJobReviewRepository } from './job-review.repository';
import { jobReviewRoutes } from './job-review.routes';
import { createJobDownloads } from './job-downloads';
import { jobDownloadsRoutes } from './job-downloads.routes';
import { createJobReviewService } from './job-review.service';
import type { FollowUpHooks, JobDispatcher } from './job-follow-up';
import type { JobInfo } from './job-runner';
import { createJobRunner } from './job-runner';
import { UNCLAIMED_UPLOAD_MS, createJobFilesRepository, jobImageReader } from './job-files';
import { createJobsRepository } from './jobs.repository';
import { jobsRoutes } from './jobs.routes';
import { createJobsService } from './jobs.service';
import type { WebhooksModule } from '../webhooks';
import { createJobProgressRepository } from './job-progress.repository';

/** A job's webhook gets a progress event at most this often. */
const PROGRESS_EVERY_MS = 10_000;

type BullmqDispatcherOn = (options: Omit<Parameters<typeof createBullmqDispatcher>[0], 'redisUrl' | 'prefix'>) => JobDispatcher;

/**
 * Bulk jobs: the API, and the dispatcher that works through every job's items: in process on this
 * instance (any number of instances may share the database; leases keep them apart), or through
 * BullMQ when REDIS_URL is set (workers anywhere, fleet-wide model limits). Chosen here, once.
 */
export function createJobsModule(deps: {
  ctx: AppContext;
  /** The generation unit single requests use too (alt-text module): style, quota, engine, one writer. */
  generation: GenerationUnit;
  /** Reservations held by economy jobs' provider batches (usage module). */
  metering: Pick<MeteringService, 'holdIn' | 'heldBy' | 'settleIn' | 'releaseHeldIn' | 'unsettled'>;
  /** The account's quota windows now, for estimates (usage module). */
  quotaStatus: (userId: string, executor?: Executor) => Promise<JobQuotaStatus>;
  instance: InstanceRegistry;
  planOf: (userId: string) => Promise<string>;
  logger: FastifyBaseLogger;
  /** Job webhooks and account events (job.finished), the webhooks module's. */
  webhooks: WebhooksModule;
  /** The process's engine, for economy jobs' batch requests (economy/); none: economy jobs run as standard. */
  engine?: Pick<AltTextEngine, 'prepareRequest' | 'finishAnswer' | 'finishReadings' | 'rememberAnswer'>;
  /** BullMQ's dispatcher on REDIS_URL when it is set (optionalParts); else items are dispatched in process. */
  bullmq?: BullmqDispatcherOn;
  /** The provider's batch API for economy jobs (batchClientFor), or none. */
  batchApi: BatchApi;
  /** The monotonic clock economy answers are timed by (tests step it); performance.now by default. */
  monotonic?: () => number;
  /** The window MODEL_RPM counts in, a minute by default (tests: BuildOptions.jobs). */
  modelRateWindowMs?: number;
}) {
  const { ctx } = deps;
  const { webhooks, accountWebhooks } = deps.webhooks;
  // Every end of a job (completed, failed, cancelled), in the transaction that records it.
  const jobFinished = async (jobId: string, trx: Executor) => {
    const found = await jobs.byId(jobId, trx);
    if (found) await accountWebhooks.emit(found.row.user_id, 'job.finished', { job: found.job }, trx, jobId);
  };
  // Per instance, a job is asked for a progress slot at most this often; the database decides across instances.
  const progressAskedAt = new Map<string, number>();
  const repository = createJobsRepository(ctx.db);
  const files = createJobFilesRepository(ctx.db);
  const progress = createJobProgressRepository(ctx.db);
  // A job's progress event whose retry falls after the job's end is dropped, never sent late.
  webhooks.dropWhenStale('job.progress', { isStale: progress.jobEnded, reason: 'Not sent: the job has ended' });
  // A job's payer and options never change: read once per job, not once per item.
  const infos = new Map<string, Promise<JobInfo | null>>();
  const jobInfo = (jobId: string): Promise<JobInfo | null> => {
    let info = infos.get(jobId);
    if (!info) {
      info = repository.jobsById([jobId]).then(([row]) => {
        // Gone with its account (deleted): not kept, so nothing stays cached for it.
        if (!row) {
          infos.delete(jobId);
          return null;
        }
        const options = JSON.parse(row.options) as { language?: string; maxLength?: number; verify?: boolean; samples?: number };
        return { userId: row.user_id, apiKeyId: row.api_key_id, language: options.language, maxLength: options.maxLength, verify: options.verify, samples: options.samples };
      });
      info.catch(() => infos.delete(jobId));
      if (infos.size > 1_000) infos.clear();
      infos.set(jobId, info);
    }
    return info;
  };
  // Leases renewed with every heartbeat while their items run here; stale after the instance staleness window.
  const leases = createLeaseKeeper({ repository, owner: deps.instance.id, now: ctx.now, renewEveryMs: deps.instance.heartbeatEveryMs, logger: deps.logger });
  const runner = createJobRunner({ ctx, repository, generation: deps.generation, owner: deps.instance.id, leases, jobInfo, imageOf: jobImageReader(files) });
  const hooks: FollowUpHooks = {
    onJobEnding: async (jobId, trx) => {
      const found = await jobs.byId(jobId, trx);
      if (found?.row.webhook_url) {
        await webhooks.enqueue({ id: jobId, userId: found.row.user_id, webhookUrl: found.row.webhook_url }, found.job.status === 'failed' ? 'job.failed' : 'job.completed', found.job, trx);
      }
      await jobFinished(jobId, trx);
    },
    onJobEnded: async (jobId) => {
      infos.delete(jobId);
      progressAskedAt.delete(jobId);
      webhooks.wake();
    },
    onProgress: async (jobId) => {
      const now = Date.now();
      if (now - (progressAskedAt.get(jobId) ?? 0) < 1_000) return;
      progressAskedAt.set(jobId, now);
      if (!(await progress.takeProgressSlot(jobId, ctx.now(), PROGRESS_EVERY_MS))) return;
      const found = await jobs.byId(jobId);
      if (!found?.row.webhook_url) return;
      await webhooks.enqueue({ id: jobId, userId: found.row.user_id, webhookUrl: found.row.webhook_url }, 'job.progress', found.job);
      webhooks.wake();
    },
  };
  // Items in flight per instance, above the model limit: image fetches and commits overlap the model calls.
  const capacity = ctx.config.modelConcurrency * 4;
  const common = { repository, runner, instance: deps.instance, now: ctx.now, capacity, logger: deps.logger, ...hooks };
  // One account's share of this instance's slots (in process): the model limit and a quarter more,
  // enough to overlap its fetches and commits; the rest stays free for other accounts (fair dispatch).
  const perAccount = ctx.config.modelConcurrency + Math.ceil(ctx.config.modelConcurrency / 4);
  const dispatcher: JobDispatcher = deps.bullmq
    ? deps.bullmq({ ...common, modelConcurrency: ctx.config.modelConcurrency, modelRpm: ctx.config.modelRpm, modelRateWindowMs: deps.modelRateWindowMs })
    : createJobDispatcher({ ...common, perAccount });
  // Economy jobs (issue 26): the provider's batch API where it has one; see economy/economy-coordinator.ts.
  const { batchApi } = deps;
  const economy =
    batchApi.client && deps.engine
      ? createEconomyCoordinator({
          now: ctx.now,
          monotonic: deps.monotonic,
          owner: deps.instance.id,
          aliveSince: deps.instance.aliveSince,
          client: batchApi.client,
          engine: deps.engine,
          generation: deps.generation,
          reservations: deps.metering,
          repository: createEconomyRepository(ctx.db),
          jobs: repository,
          quotaStatus: deps.quotaStatus,
          pollMs: ctx.config.economy.pollMs,
          batchMaxItems: ctx.config.economy.batchMaxItems,
          logger: deps.logger,
          settled: async (jobId) => {
            const onEnding = hooks.onJobEnding;
            if (await endJobIfDone(repository, jobId, ctx.now(), onEnding && ((trx) => onEnding(jobId, trx)))) await hooks.onJobEnded?.(jobId);
            else await hooks.onProgress?.(jobId);
          },
        })
      : null;
  const wake = () => {
    dispatcher.wake();
    economy?.wake();
  };
  const onCancelled = async (jobId: string, trx: Parameters<typeof jobFinished>[1]) => {
    await jobFinished(jobId, trx);
    // Its provider batch is cancelled by the coordinator's next look (now, not at the next poll).
    if (economy) setImmediate(economy.wake);
  };
  const jobs = createJobsService({ ctx, repository, files, planOf: deps.planOf, quotaStatus: deps.quotaStatus, wake, aliveSince: deps.instance.aliveSince, validateWebhook: webhooks.validateTarget, defaultWebhook: webhooks.defaultUrl, onCancelled, modeOf: economyModeOf(batchApi.client, batchApi.provider) });

  return {
    jobs,
    dispatcher,
    async register(app: FastifyInstance, options: { guards: AuthGuards; idempotency: Idempotency }): Promise<void> {
      await app.register(jobsRoutes, { jobs, ...options, uploads: { files: createJobFilesRepository(ctx.db), maxImageBytes: ctx.config.images.maxBytes, now: ctx.now }, requestTimeoutMs: ctx.config.timeouts.requestMs });
      await app.register(jobReviewRoutes, { review: createJobReviewService({ repository: createJobReviewRepository(ctx.db) }), guards: options.guards });
      const downloads = createJobDownloads({ repository, files: createJobFilesRepository(ctx.db), embedder: createImageEmbedder({ command: ctx.config.images.exiftool }), maxImageBytes: ctx.config.images.maxBytes });
      await app.register(jobDownloadsRoutes, { downloads, guards: options.guards });
    },
    /**
     * Account deletion, in its transaction: every job with its items. Runners elsewhere then find
     * no row to settle.
     */
    async deleteForUser(userId: string, trx: Executor): Promise<void> {
      await repository.deleteForUser(trx, userId);
    },
    /**
     * A deleted account (the revocation notice, on every instance): its items running here stop at
     * once; cached job details are dropped.
     */
    forgetAccount(userId: string): void {
      infos.clear();
      runner.forgetAccount(userId);
    },
    start(): void {
      leases.start();
      dispatcher.start();
      economy?.start();
    },
    /** Shutdown: no new items; those in flight settle, then their commits are flushed. */
    async stop(): Promise<void> {
      await economy?.stop();
      await dispatcher.stop();
      await runner.flush();
      leases.stop();
    },
  };
}

export type JobsModule = ReturnType<typeof createJobsModule>;

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    jobs: JobsModule;
  }
}

/**
 * BullMQ and the providers' batch SDKs are imported only where configured (REDIS_URL, a provider's key):
 * with the Stripe SDK, they were about a third of the files every server process opened at start-up.
 */
async function optionalParts(config: AppContext['config'], hasEngine: boolean): Promise<{ bullmq?: BullmqDispatcherOn; batchApi: BatchApi }> {
  const { redisUrl, redisPrefix: prefix } = config;
  const { createBullmqDispatcher } = redisUrl ? await import('./bullmq-dispatcher') : {};
  return {
    bullmq: redisUrl && createBullmqDispatcher ? (options) => createBullmqDispatcher({ ...options, redisUrl, prefix }) : undefined,
    batchApi: hasEngine ? await batchClientFor(config.ai) : { client: null, provider: config.ai.provider },
  };
}

/** Bulk jobs as the composition root builds them: in the API server and in `npm run worker`. */
export const jobsModule = defineModule({
  name: 'jobs',
  needs: ['altText', 'usage', 'users', 'instance', 'webhooks', 'revocations'],
  create: async ({ ctx, logger, retention, options }, { altText, usage, users, instance, webhooks, revocations }) => {
    const bulkJobs = createJobsModule({
      ...(await optionalParts(ctx.config, altText.vision.engine !== undefined)),
      ctx,
      generation: altText.altText.unit,
      metering: usage.metering,
      quotaStatus: (userId, executor) => usage.quota.status(userId, undefined, executor),
      instance,
      planOf: async (userId) => (await users.users.get(userId)).plan,
      logger,
      webhooks,
      engine: altText.vision.engine,
      monotonic: options.economy?.monotonic,
      modelRateWindowMs: options.jobs?.modelRateWindowMs,
    });
    // A deleted account's running job items stop wherever they run.
    revocations.subscribe((revocation) => {
      if (revocation.kind === 'user' && revocation.deleted) bulkJobs.forgetAccount(revocation.id);
    });
    const repository = createJobsRepository(ctx.db);
    retention.add({ name: 'bulk jobs', run: async (trx, at) => webhooks.webhooks.deleteForJobs(await repository.deleteEndedBefore(trx, at.jobs), trx) });
    // Uploaded files no job took (a refused or replayed request, a crash mid-upload); a job's go with it.
    const files = createJobFilesRepository(ctx.db);
    retention.add({ name: 'unclaimed job uploads', run: async (trx, at) => void (await files.deleteUnclaimedBefore(trx, at.now - UNCLAIMED_UPLOAD_MS)) });
    return bulkJobs;
  },
  http: {
    needs: ['guards', 'idempotency'],
    register: (app, bulkJobs, { guards, idempotency }) => bulkJobs.register(app, { guards, idempotency }),
  },
  // WORKERS=none: this instance only serves the API, and workers elsewhere take the items.
  start: (bulkJobs, { ctx }) => {
    if (ctx.config.workers === 'inline') bulkJobs.start();
  },
  // Before the modules it needs: items in flight settle and their commits are written.
  stop: (bulkJobs) => bulkJobs.stop(),
});
