import { performance } from 'node:perf_hooks';
import type { DemoResult } from '@altwise/shared';
import type { CachedDescriber } from '../alt-text/cached-describer';
import { toAppError } from '../alt-text/generation-errors';
import { describerSource, imageLabel } from '../alt-text/alt-text.service';
import type { ImageInput } from '../alt-text/alt-text.service';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limiter';

export const DEMO_LIMIT_PER_HOUR = 10;
export const DEMO_MAX_BYTES = 5 * 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The landing page's demo: the real engine for visitors without an account, limited per client
 * address. Nothing is written to generations (there is no account to own a row) and no usage
 * event is recorded; the shared alt_text_cache is used, so a repeated image costs no model call.
 */
export function createDemoService(deps: { rateLimiter: RateLimiter; describer: CachedDescriber }) {
  return {
    /** `readImage` reads the request's image; it is only called once the visitor is within the limit. */
    async describe(clientIp: string, readImage: () => Promise<ImageInput>): Promise<DemoResult> {
      // Counted before any work (even reading an upload), failed attempts included, so the demo
      // can be used neither to probe hosts nor to make us read large bodies for free.
      const window = await deps.rateLimiter.hit(`demo:${clientIp}`, HOUR_MS);
      if (window.count > DEMO_LIMIT_PER_HOUR) {
        throw AppError.tooManyRequests(
          `The demo is limited to ${DEMO_LIMIT_PER_HOUR} images per hour. Create a free account to keep generating alt text.`,
          window.retryAfterSeconds,
        );
      }
      const image = await readImage();
      const started = performance.now();
      try {
        const described = await deps.describer.describe(describerSource(image), {});
        return {
          imageUrl: imageLabel(image),
          altText: described.altText,
          processingTime: Math.round(performance.now() - started),
          wcagCompliant: described.wcagCompliant,
        };
      } catch (error) {
        throw toAppError(error);
      }
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
