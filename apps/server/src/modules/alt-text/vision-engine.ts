import type { AltTextEngine, ProviderDependencies } from '@altwise/engine';
import { createAltTextEngine, createProvider } from '@altwise/engine';
import type { Config } from '../../config';

export interface VisionEngines {
  /** The engine of the API: IMAGE_MAX_BYTES, IMAGE_FETCH_TIMEOUT_MS, IMAGE_FETCH_ALLOW. */
  engine: AltTextEngine;
  /** The same provider with a smaller byte cap (the public demo). */
  withMaxBytes(maxBytes: number): AltTextEngine;
  /** For the start-up line: "offline" or "openai (gpt-4o-mini)". */
  label: string;
}

/** One provider per process (its config is frozen at construction), shared by every engine. */
export function createVisionEngines(config: Config, dependencies?: ProviderDependencies): VisionEngines {
  const provider = createProvider(config.ai, dependencies);
  const build = (maxBytes: number) =>
    createAltTextEngine({
      provider,
      fetch: { allow: config.images.fetchAllow, maxBytes, timeoutMs: config.images.fetchTimeoutMs },
    });
  return {
    engine: build(config.images.maxBytes),
    withMaxBytes: (maxBytes) => build(Math.min(maxBytes, config.images.maxBytes)),
    label: provider.name === 'offline' ? 'offline' : `${provider.name} (${provider.model})`,
  };
}
