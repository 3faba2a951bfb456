// Vitest globalSetup of the suites that start real server processes (server-process.ts): bundles
// main.ts and worker.ts once per run, so each process loads a few files instead of having tsx
// compile and load every module of the server on its own (issue 30: under CI load a process took
// 10-13 s to reach config validation through tsx, 5-7 s from a bundle).
//
// The bundle holds the server's own code and every npm package that is plain JavaScript (EXTERNAL names
// the exceptions): a process then parses a few large files instead of resolving and loading ~900 small
// ones (a start 1.5 -> 1.0 s of CPU here, 2026-11-29). An external package is named by the absolute
// path esbuild's resolver finds from the importing file, so it loads the very copy tsx would
// (apps/server/node_modules and packages/engine/node_modules hold other versions than the root); a
// bundled one is the copy the same resolver finds.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { SERVER_BUNDLE_ENV } from './server-process';

const SRC = path.join(import.meta.dirname, '../../src');
const REPO_ROOT = path.join(import.meta.dirname, '../../../..');
// Under the repository's node_modules, not the system temp folder: createRequire(import.meta.url)
// in the bundle (ocr-languages.ts) must still find the root node_modules by walking up.
const CACHE = path.join(REPO_ROOT, 'node_modules/.cache/altwise-server-bundle');
// A run killed before its teardown leaves its folder behind; the next runs remove it once it is old.
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Packages left to Node, each for a reason a bundle would break or change:
 * - native code or files beside the package: better-sqlite3, sharp (and its @img binaries), argon2,
 *   tesseract.js and its language data, BullMQ (its Lua scripts), pino (its transport threads);
 * - optional requires esbuild cannot resolve: pg (pg-native), BullMQ's msgpackr (its native extractor);
 * - one copy shared with an external package: ioredis (BullMQ takes the server's connections);
 * - @fastify/swagger reads its package.json through __dirname, which an ES module has not;
 * - @zxcvbn-ts/language-common is imported on first use, and esbuild gives a dynamic import of a
 *   CommonJS package only its default export (Node gives its named exports too);
 * - loaded only on demand, which startup-imports.test.ts checks on this bundle's metafile: Stripe and
 *   the batch SDKs (BullMQ too, above).
 */
const EXTERNAL = /^(better-sqlite3|sharp|@img\/[^/]+|@node-rs\/[^/]+|tesseract\.js|@tesseract\.js-data\/[^/]+|bullmq|msgpackr|pino|pg|ioredis|@fastify\/swagger|@zxcvbn-ts\/[^/]+|stripe|openai|@anthropic-ai\/sdk)(\/|$)/;
const externalPackages: esbuild.Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || !EXTERNAL.test(args.path)) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, external: true };
    });
  },
};

/**
 * Bundles TypeScript entries of the repository into `outDir` as .mjs files, for Node: the workspace
 * packages' source and the plain-JavaScript npm packages bundled in, the others imports (EXTERNAL).
 */
export async function bundleEntries(entryPoints: Record<string, string>, outDir: string): Promise<esbuild.Metafile> {
  const { metafile } = await esbuild.build({
    entryPoints,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // .mjs: under node_modules no package.json says "type": "module".
    outExtension: { '.js': '.mjs' },
    outdir: outDir,
    // The CommonJS packages bundled in call require() for Node's built-ins, which an ES module has not.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    // As tsconfig's customConditions: the workspace packages' exports that name their TypeScript source.
    conditions: ['altwise-source'],
    plugins: [externalPackages],
    logLevel: 'warning',
    // What each output imports, statically or on demand (startup-imports.test.ts reads it).
    metafile: true,
  });
  return metafile;
}

/** What the server bundle's outputs import (esbuild's metafile), kept beside them for startup-imports.test.ts. */
export const SERVER_BUNDLE_METAFILE = 'metafile.json';

/** Bundles the server's process entries into `outDir`: main.mjs, worker.mjs and page-parse.worker.mjs. */
export async function buildServerBundle(outDir: string): Promise<void> {
  const metafile = await bundleEntries(
    {
      main: path.join(SRC, 'main.ts'),
      worker: path.join(SRC, 'worker.ts'),
      // The page-parse pool starts its threads from new URL('./page-parse.worker.mjs', import.meta.url):
      // in the bundle that is this folder, and the thread's code needs no tsx there.
      'page-parse.worker': path.join(SRC, 'modules/audits/page-parse.thread.ts'),
    },
    outDir,
  );
  fs.writeFileSync(path.join(outDir, SERVER_BUNDLE_METAFILE), JSON.stringify(metafile));
}

/**
 * Builds a bundle into a new folder under `cache` once per run and names that folder in
 * `process.env[envName]` (the workers inherit it); the returned teardown removes it. Several projects
 * name the same globalSetup: the first to run builds, and only it removes.
 */
export async function bundleOncePerRun(envName: string, cache: string, build: (outDir: string) => Promise<unknown>): Promise<(() => void) | undefined> {
  if (process.env[envName]) return undefined;
  fs.mkdirSync(cache, { recursive: true });
  for (const old of fs.readdirSync(cache)) {
    const dir = path.join(cache, old);
    if (Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
  // A folder per run: two runs at once in one checkout (npm test beside the browser suite) each keep their own.
  const outDir = fs.mkdtempSync(path.join(cache, 'run-'));
  await build(outDir);
  process.env[envName] = outDir;
  return () => {
    delete process.env[envName];
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}

// Several projects (and the browser configs) name this file.
export function setup(): Promise<(() => void) | undefined> {
  return bundleOncePerRun(SERVER_BUNDLE_ENV, CACHE, buildServerBundle);
}
