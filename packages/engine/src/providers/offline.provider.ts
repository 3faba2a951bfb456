import { describeOffline } from '../offline/offline-describer';
import { analysePixels } from '../offline/pixel-analysis';
import type { VisionProvider } from './vision-provider';

export const OFFLINE_MODEL = 'offline-describer-1';

/**
 * The embedded default: no model, no network. PNG keeps transparency for the analysis,
 * and 256 px is plenty for colour statistics.
 */
export function createOfflineProvider(): VisionProvider {
  const provider: VisionProvider = {
    name: 'offline',
    model: OFFLINE_MODEL,
    preparation: Object.freeze({ maxEdge: 256, format: 'png' as const }),
    async describe(input, signal) {
      signal?.throwIfAborted();
      const pixels = await analysePixels(input.image.bytes);
      const found = input.textFound;
      return describeOffline({
        original: input.original,
        pixels,
        metadata: input.metadata,
        fileName: input.fileName,
        maxLength: input.maxLength,
        textFound: found && { text: found.text, gapped: found.gapped ?? found.text, uncertain: found.uncertain ?? [] },
        purpose: input.purpose,
      });
    },
  };
  return Object.freeze(provider);
}
