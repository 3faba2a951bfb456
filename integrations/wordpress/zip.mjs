// npm run wordpress:zip: builds the review screen and packs the plugin folder into dist/altwise.zip.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
execFileSync('npm', ['run', 'build'], { cwd: here, stdio: 'inherit' });
const out = path.join(here, 'dist');
mkdirSync(out, { recursive: true });
rmSync(path.join(out, 'altwise.zip'), { force: true });
execFileSync('php', ['-r', `
$zip = new ZipArchive(); $zip->open($argv[2], ZipArchive::CREATE);
$root = realpath($argv[1]);
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS)) as $file) {
  $zip->addFile($file->getPathname(), 'altwise/' . substr($file->getPathname(), strlen($root) + 1));
}
$zip->close();`, path.join(here, 'altwise'), path.join(out, 'altwise.zip')], { stdio: 'inherit' });
console.log(`wrote ${path.join(out, 'altwise.zip')}`);
