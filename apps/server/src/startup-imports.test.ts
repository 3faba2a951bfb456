import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_METAFILE } from '../test/support/server-bundle';
import { SERVER_BUNDLE_ENV } from '../test/support/server-process';

// Packages a server process imports only where they are configured (jobs.module.ts, billing.module.ts,
// batch-client-factory.ts): about 930 of the ~3,000 files a process opened at start-up.
const ON_DEMAND = ['bullmq', 'stripe', 'openai', '@anthropic-ai/sdk'];

/** The npm packages an output loads before it runs: its static imports, followed through the bundle's own chunks. */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]!.imports) {
      if (imported.kind !== 'import-statement') continue;
      if (!imported.external) visit(imported.path);
      else packages.add(imported.path.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1'));
    }
  };
  visit(entry);
  return packages;
}

describe('what a server process loads at start-up', () => {
  it('loads BullMQ, Stripe and the batch SDKs only on demand, in the API server and in the worker', () => {
    // The bundle this run's server processes start from (the server project's globalSetup, server-bundle.ts).
    const metafile = JSON.parse(fs.readFileSync(path.join(process.env[SERVER_BUNDLE_ENV]!, SERVER_BUNDLE_METAFILE), 'utf8')) as Metafile;
    const entries = Object.keys(metafile.outputs).filter((output) => /\/(main|worker)\.mjs$/.test(output));
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const loaded = loadedAtStart(metafile, entry);
      // The walk itself is checked: these are loaded by every process.
      expect(loaded).toContain('pino');
      expect(loaded).toContain('better-sqlite3');
      for (const name of ON_DEMAND) expect(loaded, `${entry} imports ${name} at start-up`).not.toContain(name);
    }
    // ...and each is still reachable, on demand.
    const onDemand = new Set(Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path)));
    for (const name of ON_DEMAND) expect([...onDemand].some((imported) => imported.includes(`node_modules/${name}/`)), name).toBe(true);
  });
});
