import { defineModule } from '../../platform/app-module';
import { createAltTextCacheRepository } from './alt-text-cache.repository';
import { altTextRoutes } from './alt-text.routes';
import type { AltTextService } from './alt-text.service';
import { createAltTextService } from './alt-text.service';
import { createImageEmbedder } from './embedded-image';
import { createGenerationRepository } from './generation.repository';
import type { VisionEngine } from './vision-engine';
import { createVisionEngine } from './vision-engine';

export interface AltTextModule {
  altText: AltTextService;
  vision: VisionEngine;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    altText: AltTextModule;
  }
}

/** Describing images: the one engine of the process, single requests and batches, the history. */
export const altTextModule = defineModule({
  name: 'altText',
  needs: ['usage', 'users'],
  create: ({ ctx, logger, options, retention }, { usage: { metering, usage }, users: { users, settings } }) => {
    const cache = createAltTextCacheRepository(ctx.db);
    const generations = createGenerationRepository(ctx.db);
    // One engine (and so one cache and one queue of model calls) for every generation of the process.
    const vision = createVisionEngine(ctx, cache, options.provider);
    const altText = createAltTextService({
      ctx,
      engine: vision.engine,
      metering,
      usage,
      logger,
      planOf: async (userId) => (await users.get(userId)).plan,
      withAccountStyle: (userId, generation) => settings.generationOptions(userId, generation),
      generations,
      cacheEntries: cache,
    });
    retention.add({ name: 'alt-text cache', run: (trx, at) => cache.deleteUnusedSince(trx, at.cache) });
    retention.add({ name: 'history', run: (trx, at) => generations.deleteCreatedBefore(trx, at.records) });
    return { altText, vision };
  },
  http: {
    needs: ['guards', 'idempotency'],
    register: async (app, { altText }, { guards, idempotency }, { ctx }) => {
      const embedder = createImageEmbedder({ command: ctx.config.images.exiftool });
      await app.register(altTextRoutes, { altText, guards, idempotency, embedder, maxImageBytes: ctx.config.images.maxBytes });
    },
  },
  // Its history rows are written before the usage events they go with (usage stops after it).
  stop: ({ altText }) => altText.close(),
});
