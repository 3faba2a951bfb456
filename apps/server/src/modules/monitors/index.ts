// The monitors module's public surface.
export { monitorsModule } from './monitors.module';
