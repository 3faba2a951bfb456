import path from 'node:path';
import { isAltwiseError } from '@altwise/sdk';
import { DEFAULT_URL } from './config';

/** What a file system error means to the person who typed the path, without Node's errno text. */
const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file (a part of the path is not a folder)',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** A file system error in plain words, its path as the user would write it (relative to the working folder). */
function fileErrorMessage(error: NodeJS.ErrnoException): string | undefined {
  const meaning = error.code ? FILE_ERRORS[error.code] : undefined;
  if (!meaning) return undefined;
  if (!error.path) return meaning;
  const relative = path.relative(process.cwd(), error.path);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : error.path;
  return `${shown}: ${meaning}`;
}

/**
 * One line for a failure. The SDK's message already names the server; when none answered, the line
 * also says what a new user most likely needs: a running server, or the URL of the one they meant.
 */
export function errorMessage(error: unknown): string {
  if (!isAltwiseError(error)) {
    if (error instanceof Error) return fileErrorMessage(error as NodeJS.ErrnoException) ?? error.message;
    return String(error);
  }
  if (error.status === 0) {
    const hint = error.code === 'network_error' ? `: is the server running? \`npm start\` serves ${DEFAULT_URL}; --url or ALTWISE_URL names another` : '';
    return `${error.message}${hint}`;
  }
  return `${error.message} (${error.code}, HTTP ${error.status})`;
}

/** A failure every following request would meet the same way: no server answers, or it refuses the key. */
export function failsEveryRequest(error: unknown): boolean {
  return isAltwiseError(error) && (error.code === 'network_error' || error.status === 401);
}
