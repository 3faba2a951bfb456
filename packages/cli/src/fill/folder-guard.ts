// fill reads images and rewrites files from a folder that may be anyone's (a cloned repository), so
// nothing may lead it outside the working folder (or the --root the user named): not a `..` in a src,
// not a root-relative src that climbs, not a symlink. Real paths are compared, so links count as
// where they point.
import fs from 'node:fs';
import path from 'node:path';

/** The path with every symlink followed; null when nothing is there. */
export function realPathOf(target: string): string | null {
  try {
    return fs.realpathSync(target);
  } catch {
    return null;
  }
}

/** Whether `target` (followed through its links when it exists) lies in one of `folders`. */
export function isInside(target: string, folders: readonly string[]): boolean {
  const real = realPathOf(target) ?? path.resolve(target);
  return folders.some((folder) => {
    const base = realPathOf(folder) ?? path.resolve(folder);
    const relative = path.relative(base, real);
    return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
  });
}
