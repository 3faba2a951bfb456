import type { DemoInfo, DemoResult } from '@altwise/shared';
import { DEMO_UPLOAD_MAX_BYTES, HOUR_MS } from '@altwise/shared';
import type { AltTextService, ImageInput } from '../alt-text';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../rate-limits';

export const DEMO_LIMIT_PER_HOUR = 10;
export const DEMO_MAX_BYTES = DEMO_UPLOAD_MAX_BYTES;

/**
 * The landing page's demo: the real engine for visitors without an account, limited per client
 * address. Nothing is written to generations (there is no account to own a row) and no usage
 * event is recorded; the shared alt_text_cache is used, so a repeated image costs no model call.
 */
export function createDemoService(deps: {
  rateLimiter: RateLimiter;
  altText: Pick<AltTextService, 'describeUnmetered'>;
  /** Whether a vision model describes images (false: the offline describer's drafts). */
  visionModel: boolean;
}) {
  return {
    /** Public and free (no rate limit): the landing page says what the demo runs on before a visitor tries it. */
    info: (): DemoInfo => ({ visionModel: deps.visionModel }),

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
      const result = await deps.altText.describeUnmetered(await readImage(), { maxBytes: DEMO_MAX_BYTES });
      const { imageUrl, altText, processingTime, wcagCompliant, verification, verificationReason, cached } = result;
      return { imageUrl, altText, processingTime, wcagCompliant, verification, ...(verificationReason && { verificationReason }), cached };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
