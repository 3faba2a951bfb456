/**
 * The one backoff of the server: the wait before the next try after `tries` failed ones, from
 * `firstMs` multiplied by `factor` each time, never above `maxMs`. Database write retries, mail,
 * webhooks, job items, economy refusals and the login throttle all wait by it.
 */
export function backoffMs(tries: number, { firstMs, maxMs, factor = 2 }: { firstMs: number; maxMs: number; factor?: number }): number {
  return Math.min(firstMs * factor ** Math.max(0, tries - 1), maxMs);
}
