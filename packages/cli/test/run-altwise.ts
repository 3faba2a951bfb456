import { spawn } from 'node:child_process';
import path from 'node:path';

/** The built CLI, as a user runs it. */
export const ALTWISE_BIN = path.resolve(import.meta.dirname, '../bin/altwise.mjs');

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
