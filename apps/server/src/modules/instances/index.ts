// The instances module's public face: this process among those sharing the database (the `instances`
// table of heartbeats), whose liveness decides when another instance's work is released.
export { createInstanceRegistry, DEAD_AFTER_MS } from './instance-registry';
export type { InstanceRegistry } from './instance-registry';
export { instanceModule } from './instances.module';
export { liveInstanceIds } from './live-instances.repository';
