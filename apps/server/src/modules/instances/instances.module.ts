import { defineModule } from '../../platform/app-module';
import type { InstanceRegistry } from './instance-registry';
import { createInstanceRegistry } from './instance-registry';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    instance: InstanceRegistry;
  }
}

/** This process among the instances sharing the database; the last to stop, so a clean exit is seen at once. */
export const instanceModule = defineModule({
  name: 'instance',
  needs: [],
  create: async ({ ctx }) => {
    const instance = createInstanceRegistry(ctx.db, ctx.now, { deadAfterMs: ctx.config.instanceDeadAfterMs });
    await instance.heartbeat();
    return instance;
  },
  stop: (instance) => instance.leave().catch(() => undefined),
});
