// Builds dist/index.js, the one file GitHub runs (action.yml: runs.using node24, main dist/index.js). It targets
// Node 20, the oldest the package's engines accept, so the same bundle runs on the tests' Node 20 and on the runners' 24.
// A JavaScript action runs from the repository as it is, with no `npm install`, so everything is
// bundled in: @actions/core, @octokit/rest, and the CLI's lint and fill code through its source.
// `--check` builds in memory and fails when the committed dist/index.js differs (CI runs it).
import fs from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8'));
const check = process.argv.includes('--check');
const outfile = new URL('dist/index.js', root);

const result = await build({
  absWorkingDir: root.pathname,
  entryPoints: ['src/main.ts'],
  outfile: outfile.pathname,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The workspace packages' exports name their TypeScript source under this condition.
  conditions: ['altwise-source'],
  define: { ACTION_VERSION: JSON.stringify(manifest.version) },
  // Bundled CommonJS dependencies call require() for Node's own modules, which ESM lacks.
  banner: {
    js: "import { createRequire as __altwiseCreateRequire } from 'node:module';\nconst require = __altwiseCreateRequire(import.meta.url);",
  },
  // Smaller to commit and to load; names are kept so a stack trace still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const built = result.outputFiles[0].text;

if (check) {
  const committed = fs.existsSync(outfile) ? fs.readFileSync(outfile, 'utf8') : '';
  if (committed !== built) {
    console.error(
      'integrations/github-action/dist/index.js is not built from the current source: run `npm run action:build` and commit dist/index.js',
    );
    process.exit(1);
  }
  console.log('integrations/github-action/dist/index.js is up to date');
} else {
  fs.mkdirSync(new URL('dist', root), { recursive: true });
  fs.writeFileSync(outfile, built);
  console.log(`built integrations/github-action/dist/index.js (${Math.round(built.length / 1024)} KiB)`);
}
