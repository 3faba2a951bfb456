import fs from 'node:fs';

const CLI_PACKAGE_NAME = '@altwise/cli';

/**
 * The CLI's own version, from the nearest package.json named like the CLI above this module: the
 * source (src/…), the published bundle (dist/main.js) and the test suites' bundle sit at different
 * depths in the package.
 */
export function cliVersion(): string {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === CLI_PACKAGE_NAME) return manifest.version ?? '0.0.0';
    } catch {
      // No package.json here: look one folder up.
    }
  }
  return '0.0.0';
}
