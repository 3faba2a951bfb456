/**
 * Password reset, run by bench/run.ts: a known and an unknown address must answer in the same
 * timing class (no delivery while the request waits, no extra work an observer could time). Both
 * are timed interleaved against one server whose mail server holds the known accounts' mail; the
 * API suite checks the answers are identical and never wait for the mail server.
 */
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

export async function benchPasswordResetTiming(): Promise<BenchRow> {
  const sink = await startSmtpSink();
  const server = await startTestServer('sqlite', { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test', TRUST_PROXY: '1' }, { mail: { pollMs: 200, retryBaseMs: 50 } });
  try {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => registerUser(server)));
    const known = new Set(accounts.map((account) => account.credentials.email));
    sink.decide((mail) => (mail.to.some((to) => known.has(to)) ? { hold: true } : { accept: true }));
    let ip = 0;
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await server.request('POST', '/api/auth/password/forgot', { body: { email }, headers: { 'x-forwarded-for': `203.0.113.${(ip += 1) % 250}` } });
      if (response.status !== 200) throw new Error(`forgot: ${response.status}`);
      return performance.now() - started;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (const [index, account] of accounts.entries()) {
      knownMs.push(await timed(account.credentials.email));
      unknownMs.push(await timed(`nobody-${index}-${Date.now()}@example.com`));
    }
    const difference = Math.abs(percentile(knownMs, 50) - percentile(unknownMs, 50));
    return { name: 'password reset: |median known − median unknown address| (20 each, interleaved, mail held)', measured: Number(difference.toFixed(1)), baseline: Number(percentile(unknownMs, 50).toFixed(1)), target: '< 50 ms', pass: difference < 50, unit: 'ms' };
  } finally {
    await sink.close();
    await server.close();
  }
}
