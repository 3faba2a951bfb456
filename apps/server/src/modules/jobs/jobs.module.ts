import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../../db/executor';
import type { AuthGuards } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import type { Idempotency } from '../../platform/idempotency';
import type { InstanceRegistry } from '../../platform/instance-registry';
import type { AltTextEngine } from '@altwise/engine';
import type { MeteringService } from '../usage';
import { createBullmqDispatcher } from './bullmq-dispatcher';
import { createJobDispatcher } from './job-dispatcher';
import { createLeaseKeeper } from './job-leases';
import type { FollowUpHooks, JobDispatcher } from './job-follow-up';
import type { JobInfo } from './job-runner';
import { createJobRunner } from './job-runner';
import { createJobsRepository } from './jobs.repository';
import { jobsRoutes } from './jobs.routes';
import { createJobsService } from './jobs.service';
import { createWebhooksRepository } from './webhooks.repository';
import { webhooksRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

/**
 * Bulk jobs: the API, and the dispatcher that works through every job's items: in process on this
 * instance (any number of instances may share the database; leases keep them apart), or through
 * BullMQ when REDIS_URL is set (workers anywhere, fleet-wide model limits). Chosen here, once.
 */
export function createJobsModule(deps: {
  ctx: AppContext;
  metering: MeteringService;
  describer: Pick<AltTextEngine, 'describe'>;
  instance: InstanceRegistry;
  planOf: (userId: string) => Promise<string>;
  logger: FastifyBaseLogger;
  /** The first webhook retry's delay (default 10 s, doubling); tests shorten it. */
  webhookRetryBaseMs?: number;
}) {
  const { ctx } = deps;
  const webhooks = createWebhooksService({ ctx, repository: createWebhooksRepository(ctx.db), allow: ctx.config.webhooks.allow, retryBaseMs: deps.webhookRetryBaseMs ?? 10_000 });
  // Per instance, a job is asked for a progress slot at most this often; the database decides across instances.
  const progressAskedAt = new Map<string, number>();
  const repository = createJobsRepository(ctx.db);
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
        const options = JSON.parse(row.options) as { language?: string; maxLength?: number };
        return { userId: row.user_id, apiKeyId: row.api_key_id, language: options.language, maxLength: options.maxLength };
      });
      info.catch(() => infos.delete(jobId));
      if (infos.size > 1_000) infos.clear();
      infos.set(jobId, info);
    }
    return info;
  };
  // Leases renewed with every heartbeat while their items run here; stale after the instance staleness window.
  const leases = createLeaseKeeper({ repository, owner: deps.instance.id, now: ctx.now, renewEveryMs: deps.instance.heartbeatEveryMs, logger: deps.logger });
  const runner = createJobRunner({ ctx, repository, metering: deps.metering, describer: deps.describer, owner: deps.instance.id, leases, jobInfo });
  const hooks: FollowUpHooks = {
    onJobEnding: async (jobId, trx) => {
      const found = await jobs.byId(jobId, trx);
      if (found?.row.webhook_url) {
        await webhooks.enqueue({ id: jobId, userId: found.row.user_id, webhookUrl: found.row.webhook_url }, found.job.status === 'failed' ? 'job.failed' : 'job.completed', found.job, trx);
      }
    },
    onJobEnded: async (jobId) => {
      infos.delete(jobId);
      progressAskedAt.delete(jobId);
    },
    onProgress: async (jobId) => {
      const now = Date.now();
      if (now - (progressAskedAt.get(jobId) ?? 0) < 1_000) return;
      progressAskedAt.set(jobId, now);
      if (!(await webhooks.takeProgressSlot(jobId))) return;
      const found = await jobs.byId(jobId);
      if (found?.row.webhook_url) await webhooks.enqueue({ id: jobId, userId: found.row.user_id, webhookUrl: found.row.webhook_url }, 'job.progress', found.job);
    },
    onSweep: async () => {
      await webhooks.deliverDue();
    },
  };
  // Items in flight per instance, above the model limit: image fetches and commits overlap the model calls.
  const capacity = ctx.config.modelConcurrency * 4;
  const common = { repository, runner, instance: deps.instance, now: ctx.now, capacity, logger: deps.logger, ...hooks };
  // One account's share of this instance's slots (in process): the model limit and a quarter more,
  // enough to overlap its fetches and commits; the rest stays free for other accounts (fair dispatch).
  const perAccount = ctx.config.modelConcurrency + Math.ceil(ctx.config.modelConcurrency / 4);
  const dispatcher: JobDispatcher = ctx.config.redisUrl
    ? createBullmqDispatcher({ ...common, redisUrl: ctx.config.redisUrl, prefix: ctx.config.redisPrefix, modelConcurrency: ctx.config.modelConcurrency, modelRpm: ctx.config.modelRpm })
    : createJobDispatcher({ ...common, perAccount });
  const jobs = createJobsService({ ctx, repository, planOf: deps.planOf, wake: dispatcher.wake, aliveSince: deps.instance.aliveSince, validateWebhook: webhooks.validateTarget, defaultWebhook: webhooks.defaultUrl });

  return {
    jobs,
    dispatcher,
    webhooks,
    async register(app: FastifyInstance, options: { guards: AuthGuards; idempotency: Idempotency }): Promise<void> {
      await app.register(jobsRoutes, { jobs, ...options });
      await app.register(webhooksRoutes, { jobs, webhooks, guards: options.guards });
    },
    /**
     * Account deletion, in its transaction: every job with its items and webhook deliveries, and the
     * signing secret. Runners and deliverers elsewhere then find no row to settle or record.
     */
    async deleteForUser(userId: string, trx: Executor): Promise<void> {
      await repository.deleteForUser(trx, userId);
      await webhooks.deleteForUser(userId, trx);
    },
    /**
     * A deleted account (the revocation notice, on every instance): its items and webhook attempts
     * running here stop at once; cached job details are dropped.
     */
    forgetAccount(userId: string): void {
      infos.clear();
      runner.forgetAccount(userId);
      webhooks.forgetAccount(userId);
    },
    start(): void {
      leases.start();
      dispatcher.start();
    },
    /** Shutdown: no new items; those in flight settle, then their commits are flushed. */
    async stop(): Promise<void> {
      await dispatcher.stop();
      await runner.close();
      leases.stop();
    },
  };
}

export type JobsModule = ReturnType<typeof createJobsModule>;
