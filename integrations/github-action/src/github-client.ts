// The action's GitHub client: Octokit with GitHub's own throttling and retry plugins. Content-creating
// calls (POST, PATCH, PUT, DELETE) are paced as GitHub's REST docs ask (one at a time, a second apart;
// three seconds for those that notify people, such as a review), a primary or secondary rate limit
// waits the `retry-after` GitHub gives and is retried a few times, and a 5xx is retried with backoff.
// What stays limited after that reaches the caller as an error that says it was a rate limit.
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck';

const PacedOctokit = Octokit.plugin(throttling, retry);
/** The REST client the action uses (the plugins add pacing and retries, no methods it calls). */
export type GitHubClient = Octokit;

/** Retries of a rate-limited call before giving up. */
export const RATE_LIMIT_RETRIES = 2;

export interface Pacing {
  /** Milliseconds the client waits for each second GitHub asks for (1000; tests shrink it). */
  secondMs: number;
}

export const GITHUB_PACING: Pacing = { secondMs: 1000 };

/** Whether an error from a call is GitHub's rate limit (primary or secondary), as GitHub words it. */
export function isRateLimit(error: unknown): boolean {
  const { status, message, response } = error as {
    status?: number;
    message?: string;
    response?: { headers?: Record<string, string | undefined> };
  };
  if (status !== 403 && status !== 429) return false;
  return (
    status === 429 ||
    /rate limit/i.test(message ?? '') ||
    response?.headers?.['x-ratelimit-remaining'] === '0'
  );
}

export function githubClient(
  options: { token: string; baseUrl: string; warn: (text: string) => void },
  pacing: Pacing = GITHUB_PACING,
): GitHubClient {
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const again = retryCount < RATE_LIMIT_RETRIES;
      options.warn(
        `altwise: GitHub's ${kind} rate limit on ${request.method} ${request.url}: ${again ? `waiting ${retryAfter} s as GitHub asks, then retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES}` : 'giving up after the retries'}`,
      );
      return again;
    };
  return new PacedOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: 'altwise-github-action',
    // A client of its own per run: the plugin's default groups are shared by every Octokit in the process.
    throttle: {
      id: `altwise-${process.pid}-${Math.random().toString(36).slice(2)}`,
      retryAfterBaseValue: pacing.secondMs,
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: pacing.secondMs }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 3 * pacing.secondMs }),
      onRateLimit: onLimit('primary'),
      onSecondaryRateLimit: onLimit('secondary'),
    },
    // Rate limits (403, 429) are the throttling plugin's; the retry plugin takes 5xx and network errors.
    retry: { retryAfterBaseValue: pacing.secondMs, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
  });
}
