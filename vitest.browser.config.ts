import { defineConfig, mergeConfig } from 'vitest/config';
import e2e from './vitest.e2e.config';

/**
 * Every browser suite in one run (npm run test:browser, CI): the web app's files (vitest.e2e.config.ts)
 * and the WordPress plugin's (integrations/wordpress/vitest.config.ts, the same timeouts and global
 * setup) in one project, so that they share its workers, longest first (Vitest runs one project's
 * files after another's: as two projects, the plugin's 40 s file ran alone at the end). The plugin's
 * files make their own site, database and port, so they run beside the web app's.
 */
export default mergeConfig(
  e2e,
  defineConfig({
    test: {
      name: 'browser',
      include: ['integrations/wordpress/test/**/*.e2e.ts'],
      // Three at a time here: the plugin's files and a few of the web app's wait on timers or servers for
      // long stretches, and with two a core sat idle meanwhile (an idle machine, one run each: 330 s at
      // three against 348 s at two, CPU 625 against 594 CPU-s).
      maxWorkers: 3,
    },
  }),
);
