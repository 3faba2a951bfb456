// Issue 20 row 2: a Redis of the test's own is killed and restarted empty while a fleet on BullMQ
// (jobs-fleet.test-support.ts) has model calls in flight; MODEL_CONCURRENCY still holds across the
// workers, and the job completes. Runs when TEST_DATABASE_URL is set (CI's PostgreSQL pass).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, until } from '../../../test/support/server-process';
import { redisTestPrefix } from '../../../test/support/redis';
import { DATABASES } from '../../../test/support/test-server';
import type { Fleet } from './jobs-fleet.test-support';
import { MODEL_CONCURRENCY, startFleet } from './jobs-fleet.test-support';

/** How many of a process's JSON log lines carry the message `msg`. */
function linesWith(output: string, msg: string): number {
  return output.split('\n').filter((line) => line.includes(`"msg":${JSON.stringify(msg)}`)).length;
}

/** A Redis of the test's own (never the shared one), on its own port, with no persistence. */
async function startOwnRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await until('redis-server to listen', async () => {
    const probe = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  }, 10_000, 50);
  return child;
}

// Skipped without PostgreSQL (worker processes share one database); it starts its own Redis, so CI's PostgreSQL pass runs it.
describe.runIf(DATABASES.includes('postgres'))('bulk jobs on BullMQ when Redis is killed and restarted empty (PostgreSQL)', () => {
  const PARKED = 'job item message parked until the items that ran when Redis was lost are done';
  let fleet: Fleet;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startOwnRedis(port);
    // The model is slow enough for items to be in flight when Redis dies. The workers log at debug
    // level: each message a worker takes and parks until the orphans are done is a line the test counts.
    fleet = await startFleet({ redisUrl: `redis://127.0.0.1:${port}`, prefix: redisTestPrefix(), env: { LOG_LEVEL: 'debug' } });
    fleet.vision.setLatency(250);
  }, 90_000);

  afterAll(async () => {
    await fleet?.close();
    redis?.kill('SIGKILL');
  });

  it('keeps MODEL_CONCURRENCY across the workers after Redis comes back empty, and the job completes', async () => {
    const { id } = await fleet.startJob(100);
    await until('the job under way', async () => ((await fleet.counts(id)).succeeded ?? 0) >= 15, 30_000, 20);
    // The calls in flight when Redis dies are held unanswered until well after the restart: their
    // slots are in no Redis any more. A worker that starts meanwhile has nothing running and saw
    // no loss, and the new Redis would hand it every slot beside them.
    fleet.vision.hold();
    const heldFrom = fleet.vision.calls;
    await until('calls in flight, held', async () => fleet.vision.calls >= heldFrom + MODEL_CONCURRENCY, 10_000, 10);
    const orphans = fleet.vision.calls;
    // What each worker had said before the loss: only its later lines are counted.
    const saidBefore = new Map(fleet.workers.map((worker) => [worker, worker.output().length]));
    const parked = () => fleet.workers.reduce((sum, worker) => sum + linesWith(worker.output().slice(saidBefore.get(worker) ?? 0), PARKED), 0);
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
    redis = await startOwnRedis(port);
    await fleet.addWorker();
    // Held until the workers (the new one among them) have taken every slot the new Redis has and
    // parked those messages: nothing more can start beside the orphans, however slow the machine.
    // A model call beside them ends the wait too (the limit is broken: the peak below says so).
    await until('every slot of the new Redis taken and parked', async () => parked() >= MODEL_CONCURRENCY || fleet.vision.calls > orphans, 60_000, 20);
    fleet.vision.release();
    await until('the job to complete', async () => (await fleet.jobStatus(id)) === 'completed', 60_000, 50);
    expect(await fleet.counts(id)).toEqual({ succeeded: 100 });
    // The peak of model calls at once, before and after the restart: never above the global limit.
    expect(fleet.vision.maxConcurrent).toBeLessThanOrEqual(MODEL_CONCURRENCY);
  }, 120_000);
});
