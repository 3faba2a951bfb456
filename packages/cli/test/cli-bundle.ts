// Vitest globalSetup of the CLI's suites: bundles the CLI once per run, so each `altwise` process the
// suites start (about 125 in a run) loads one file instead of tsx compiling the CLI's modules again
// (issue 30: 1.4 s of CPU per process through tsx, 0.65 s from a bundle; the CLI's processes took half
// the CPU of its suites). The packed CLI (packed.test.ts) and bin/altwise.mjs are tested as they are.
import path from 'node:path';
import { bundleEntries, bundleOncePerRun } from '@altwise/server/test-support/server-bundle';
import { CLI_BUNDLE_ENV } from './run-altwise';

const PACKAGE = path.join(import.meta.dirname, '..');
// Under the CLI's package: the bundle finds the CLI's version in the nearest package.json above it
// named @altwise/cli (cli-version.ts).
const CACHE = path.join(PACKAGE, 'node_modules/.cache/altwise-cli-bundle');

export function setup(): Promise<(() => void) | undefined> {
  return bundleOncePerRun(CLI_BUNDLE_ENV, CACHE, (outDir) => bundleEntries({ altwise: path.join(PACKAGE, 'test/cli-entry.ts') }, outDir));
}
