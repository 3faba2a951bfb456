import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's scheme: `Altwise-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The
 * timestamp is signed with the body so a captured delivery cannot be replayed later unnoticed.
 */
export const SIGNATURE_HEADER = 'altwise-signature';

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** What a receiver does (docs/bulk-jobs.md "Webhooks"): recompute, compare in constant time, reject old timestamps. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
