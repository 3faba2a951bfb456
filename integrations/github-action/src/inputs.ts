// The action's inputs (action.yml documents each), read from the environment the runner sets
// (`INPUT_<NAME>`, as @actions/core reads them) and checked here, so a typo fails the step with its
// name instead of silently doing something else.
import path from 'node:path';
import { isInside } from '@altwise/cli/action-kit';

export const REPORTS = ['annotations', 'sarif', 'none'] as const;
export const FAIL_ON = ['error', 'warning', 'never'] as const;

export interface ActionInputs {
  githubToken: string;
  report: (typeof REPORTS)[number];
  failOn: (typeof FAIL_ON)[number];
  /** Without a key, the action lints and reports but suggests nothing. */
  altwiseApiKey?: string;
  /** The Altwise server; required with the key (no default: the key goes nowhere unnamed). */
  altwiseUrl?: string;
  /** The lint configuration file, relative to the workspace (default: altwise.config.json if present). */
  config?: string;
  language?: string;
  /** Where `/images/a.png` is looked up; inside the workspace. */
  root: string;
  /** Descriptions in flight at once. */
  concurrency: number;
  /** Read each image several times: an image whose readings disagree gets a comment, not a suggestion. */
  verify: boolean;
}

export class InputError extends Error {}

/** What core.getInput returns: the variable `INPUT_` + the name in capitals (spaces to _), trimmed. */
export function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function oneOf<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = input(env, name) || fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new InputError(`input "${name}" must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

export function readInputs(env: NodeJS.ProcessEnv, workspace: string): ActionInputs {
  const githubToken = input(env, 'github-token');
  if (!githubToken)
    throw new InputError('input "github-token" is empty: leave it at its default, ${{ github.token }}');
  const altwiseApiKey = input(env, 'altwise-api-key') || undefined;
  const altwiseUrl = input(env, 'altwise-url') || undefined;
  if (altwiseApiKey && !altwiseUrl)
    throw new InputError(
      'input "altwise-url" is needed with "altwise-api-key": the Altwise server the key belongs to',
    );
  if (altwiseUrl) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(altwiseUrl);
    } catch {
      // Said below.
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      throw new InputError(`input "altwise-url" must be an http(s) URL, not "${altwiseUrl}"`);
  }
  const root = path.resolve(workspace, input(env, 'root') || '.');
  if (!isInside(root, [workspace]))
    throw new InputError(`input "root" must lie inside the workspace, not "${input(env, 'root')}"`);
  const concurrencyText = input(env, 'concurrency') || '4';
  const concurrency = Number(concurrencyText);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new InputError(`input "concurrency" must be a whole number from 1 to 16, not "${concurrencyText}"`);
  const verify = oneOf(env, 'verify', ['true', 'false'] as const, 'false') === 'true';
  return {
    githubToken,
    report: oneOf(env, 'report', REPORTS, 'annotations'),
    failOn: oneOf(env, 'fail-on', FAIL_ON, 'error'),
    altwiseApiKey,
    altwiseUrl: altwiseUrl?.replace(/\/+$/, ''),
    config: input(env, 'config') || undefined,
    language: input(env, 'language') || undefined,
    root,
    concurrency,
    verify,
  };
}
