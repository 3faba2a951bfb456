// `npm run publish:check`: would `npm publish` of @altwise/sdk and @altwise/cli succeed, and would
// what it uploads work for the person who installs it? `npm publish --dry-run` alone is not enough: it
// skips a private workspace with a warning and exits 0, and it silently rewrites a manifest it finds
// wrong. This fails on either, and checks each package's contents: its entry points, its LICENSE, and
// a README whose relative links all lead to files inside the package (no ../../README.md).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkLinks } from './check-markdown-links.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** What each package must carry for its users: every entry point its manifest names, and the licence. */
const PACKAGES = {
  '@altwise/sdk': { dir: 'packages/sdk', required: ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts'] },
  '@altwise/cli': { dir: 'packages/cli', required: ['package.json', 'README.md', 'LICENSE', 'bin/altwise.mjs', 'dist/main.js'] },
};

const workspaceFlags = Object.keys(PACKAGES).flatMap((name) => ['-w', name]);
let stdout = '';
let stderr = '';
let failed = false;
try {
  ({ stdout, stderr } = await promisify(execFile)('npm', ['publish', '--dry-run', '--json', ...workspaceFlags], { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
} catch (error) {
  ({ stdout = '', stderr = '' } = error);
  failed = true;
}

const problems = [];
if (failed) problems.push(`npm publish --dry-run failed:\n${stderr.trim()}`);
for (const line of stderr.split('\n')) {
  // "Skipping workspace …, marked as private", "publish errors corrected: …": npm would not publish
  // the package, or would publish another manifest than the one in the repository.
  if (/marked as private|errors corrected|was invalid|was renamed|removed invalid/.test(line)) problems.push(`npm: ${line.trim()}`);
}

/** npm prints one JSON object per workspace, one after the other, each opening and closing at column 0. */
function parseReports(text) {
  const reports = {};
  for (const chunk of text.match(/^\{$[\s\S]*?^\}$/gm) ?? []) {
    try {
      Object.assign(reports, JSON.parse(chunk));
    } catch {
      problems.push(`npm publish --json printed something that is not JSON:\n${chunk.slice(0, 2000)}`);
    }
  }
  return reports;
}
const report = parseReports(stdout);

for (const [name, { dir, required }] of Object.entries(PACKAGES)) {
  const entry = report[name];
  if (!entry) {
    problems.push(`${name}: not in npm's answer (not published)`);
    continue;
  }
  const packed = new Set((entry.files ?? []).map((file) => file.path));
  for (const file of required) if (!packed.has(file)) problems.push(`${name}: ${file} is not in the package`);
  // The README as an installed package shows it: a link may only lead to a file the package carries.
  const readme = checkLinks(
    ['README.md'],
    (file) => fs.readFileSync(path.join(root, dir, file), 'utf8'),
    (file) => packed.has(file),
  );
  for (const problem of readme) problems.push(`${name}: ${problem}`);
  console.log(`${name}@${entry.version}: ${packed.size} files, ${entry.size} bytes packed`);
}

for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`publish:check: ${problems.length} problem(s)`);
  process.exitCode = 1;
} else {
  console.log('publish:check: both packages would publish');
}
