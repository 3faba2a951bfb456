// Builds the installable CLI: one ESM bundle, dist/main.js, that bin/altwise.mjs runs outside the
// repository. The workspace packages (@altwise/sdk, @altwise/shared, @altwise/engine's checker) are
// not published, so their source is bundled in; every other package stays an import and must be one
// of package.json's dependencies, or the build fails: a packed CLI cannot miss a dependency.
import fs from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8'));
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
/** 'a/b' → 'a', '@s/a/b' → '@s/a'. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const imported = new Set();
const keepThirdPartyExternal = {
  name: 'third-party-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path.startsWith('node:') || path.startsWith('@altwise/')) return undefined;
      imported.add(packageOf(path));
      return { path, external: true };
    });
  },
};

fs.rmSync(new URL('dist', root), { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The workspace packages' exports name their TypeScript source under this condition.
  conditions: ['altwise-source'],
  plugins: [keepThirdPartyExternal],
  legalComments: 'none',
  logLevel: 'warning',
});

const missing = [...imported].filter((name) => !dependencies.has(name));
if (missing.length > 0) {
  console.error(`@altwise/cli imports ${missing.join(', ')} at run time: add ${missing.length > 1 ? 'them' : 'it'} to "dependencies" in packages/cli/package.json`);
  process.exit(1);
}
const unused = [...dependencies].filter((name) => !imported.has(name));
if (unused.length > 0) {
  console.error(`"dependencies" of @altwise/cli lists ${unused.join(', ')}, which the CLI never imports: move ${unused.length > 1 ? 'them' : 'it'} to devDependencies`);
  process.exit(1);
}
