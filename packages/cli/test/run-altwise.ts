import { spawn } from 'node:child_process';
import path from 'node:path';

/** Names the folder of this run's bundle of the CLI (cli-bundle.ts, the globalSetup of the CLI's suites). */
export const CLI_BUNDLE_ENV = 'ALTWISE_TEST_CLI_BUNDLE';

/** bin/altwise.mjs, as a user of the repository runs it: the TypeScript source through tsx. */
export const ALTWISE_SOURCE_BIN = path.resolve(import.meta.dirname, '../bin/altwise.mjs');

/** The CLI the suites run: this run's bundle of the source, or without it (a bench) bin/altwise.mjs. */
export const ALTWISE_BIN = process.env[CLI_BUNDLE_ENV] ? path.join(process.env[CLI_BUNDLE_ENV], 'altwise.mjs') : ALTWISE_SOURCE_BIN;

export interface AltwiseRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `altwise <args>` as a child process with `env` (the environment a user's shell would give it). */
export function runAltwise(args: string[], env: NodeJS.ProcessEnv): Promise<AltwiseRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
