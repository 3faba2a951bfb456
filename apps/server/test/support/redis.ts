// Redis for the suites that need it: TEST_REDIS_URL (CI sets it), else those suites are skipped and
// say why. Every suite gets its own key prefix, so parallel runs never share a queue, and drops it.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;

/** A key prefix of its own for one suite (BullMQ's `prefix`, REDIS_PREFIX). */
export function redisTestPrefix(): string {
  return `altwise-test-${randomUUID().slice(0, 8)}`;
}

/** Keys under `prefix` (SCAN, not KEYS: the Redis may be shared). */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix`; resolves with how many are left (0). */
export async function dropRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redisKeys(url, prefix);
    for (let at = 0; at < keys.length; at += 500) await redis.del(...keys.slice(at, at + 500));
  } finally {
    redis.disconnect();
  }
  return (await redisKeys(url, prefix)).length;
}
