/**
 * Runs one task at a time across every tab of this origin. The session refresh needs it: two tabs
 * presenting the same refresh cookie at once would look like a stolen token to the server.
 *
 * The Web Locks API (every current browser) is exact and frees the lock when a tab closes. Where it
 * is missing, a lease in localStorage serialises almost always: write the lease, wait a moment,
 * and own it only if it still names us (a simultaneous writer's lease overwrote ours or not). A
 * lease outlives a crashed tab by at most LEASE_MS. The rare overlap this leaves is covered by the
 * server, which answers a refresh that lost such a race with a 409 the caller retries.
 */
const LEASE_MS = 10_000;
/** Long enough for another tab's write of the same key to land before we read it back. */
const SETTLE_MS = 40;
const POLL_MS = 60;

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

interface Lease {
  owner: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function lockManager(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

function readLease(key: string): Lease | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Lease) : null;
  } catch {
    return null;
  }
}

function writeLease(key: string, lease: Lease): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(lease));
    return true;
  } catch {
    return false;
  }
}

async function withStorageLease<T>(name: string, task: () => Promise<T>): Promise<T> {
  const key = `lock:${name}`;
  const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  // Never wait longer than a lease can live: a stale lease is taken over, not waited out forever.
  const giveUpAt = Date.now() + LEASE_MS;
  let owned = false;
  while (!owned && Date.now() < giveUpAt) {
    const current = readLease(key);
    if (current && current.expiresAt > Date.now()) {
      await sleep(POLL_MS + Math.random() * POLL_MS);
      continue;
    }
    // No storage (private mode, quota): nothing to coordinate through; run alone in this tab.
    if (!writeLease(key, { owner, expiresAt: Date.now() + LEASE_MS })) break;
    await sleep(SETTLE_MS);
    owned = readLease(key)?.owner === owner;
  }
  try {
    return await task();
  } finally {
    if (readLease(key)?.owner === owner) {
      try {
        localStorage.removeItem(key);
      } catch {
        // The lease expires on its own.
      }
    }
  }
}

export function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  return locks ? locks.request(name, task) : withStorageLease(name, task);
}
