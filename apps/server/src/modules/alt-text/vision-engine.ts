import type { AltTextEngine, ProviderDependencies } from '@altwise/engine';
import { createAltTextEngine, createProvider } from '@altwise/engine';
import type { AppContext } from '../../platform/context';
import { createConcurrencyLimit } from '../../platform/concurrency-limit';
import { createStartRateLimit } from '../../platform/start-rate-limit';
import { createAltTextCache } from './alt-text-cache';
import type { AltTextCacheRepository } from './alt-text-cache.repository';

export interface VisionEngine {
  /**
   * The one engine of the process (single requests, batches, bulk jobs, the demo): IMAGE_MAX_BYTES,
   * IMAGE_FETCH_TIMEOUT_MS, IMAGE_FETCH_ALLOW, the alt_text_cache table as its cache.
   */
  engine: AltTextEngine;
  /** For the start-up line: "offline" or "openai (gpt-4o-mini)". */
  label: string;
  /** False for the offline describer: every result is a draft (issue 19). */
  visionModel: boolean;
}

/** One provider, one cache and one queue of model calls per process. */
export function createVisionEngine(ctx: Pick<AppContext, 'config' | 'now'>, cacheEntries: AltTextCacheRepository, dependencies?: ProviderDependencies): VisionEngine {
  const { config } = ctx;
  const provider = createProvider(config.ai, dependencies);
  // VERIFY_PROVIDERS: each with its own model (or the provider's default, never ALT_MODEL, which names
  // the main provider's), its key or address from the same variables as the main provider's.
  const verifyProviders = config.ai.verifyProviders.map(({ provider: name, model }) => createProvider({ ...config.ai, provider: name, model }, dependencies));
  // MODEL_CONCURRENCY: one queue for every model call of this instance (single requests, batches,
  // the demo), so twenty concurrent batches cannot open 160 provider connections at once.
  const modelCalls = createConcurrencyLimit(config.modelConcurrency);
  // MODEL_RPM on this instance (with Redis, bulk jobs also hold it across the fleet): a call waits
  // inside its concurrency slot, so the start it records is the call's own.
  const modelStarts = config.modelRpm ? createStartRateLimit(config.modelRpm) : undefined;
  const engine = createAltTextEngine({
    provider,
    verifyProviders,
    fetch: { allow: config.images.fetchAllow, maxBytes: config.images.maxBytes, timeoutMs: config.images.fetchTimeoutMs },
    cache: createAltTextCache(cacheEntries, ctx.now),
    queue: (task) => modelCalls.run(() => (modelStarts ? modelStarts.run(task) : task())),
  });
  const visionModel = provider.name !== 'offline';
  const readers = verifyProviders.map((reader) => `${reader.name} (${reader.model})`);
  const label = visionModel ? `${provider.name} (${provider.model})${readers.length ? `, verify also ${readers.join(', ')}` : ''}` : 'offline';
  return { engine, label, visionModel };
}
