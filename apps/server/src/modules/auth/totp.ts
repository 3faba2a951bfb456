import { authenticator } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const STEP_SECONDS = 30;

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(accountName: string, secret: string): string {
  return authenticator.keyuri(accountName, 'Altwise', secret);
}

/**
 * The time step `code` belongs to, within one step either side of `now` (clock drift), or null.
 * The caller refuses a step it already accepted, so a code seen once is never accepted again.
 */
export function matchTotpStep(code: string, secret: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.clone({ epoch: now, window: 1, step: STEP_SECONDS }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}
