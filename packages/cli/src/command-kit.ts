import { Altwise } from '@altwise/sdk';
import type { Job } from '@altwise/sdk';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { loadCliConfig } from './config';

// What every command of the command line builds on: argument parsers, the client of the configured
// server, progress lines and stdout.

export const nonNegativeInt = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('must be a whole number, 0 or more');
  return parsed;
};

export const positiveInt = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive whole number');
  return parsed;
};

export interface GlobalFlags {
  apiKey?: string;
  url?: string;
  config?: string;
}

/**
 * The client for the configured server. It says on stderr which server it talks to and where the key
 * came from (stdout stays the command's output alone, --json included).
 */
export function clientFrom(program: Command): { client: Altwise; baseUrl: string; concurrency: number; root?: string } {
  const config = loadCliConfig(program.opts<GlobalFlags>());
  if (!config.apiKey) throw new Error('No API key: pass --api-key, set ALTWISE_API_KEY, or put "apiKey" in altwise.config.json');
  for (const note of config.notes) process.stderr.write(`altwise: ${note}\n`);
  process.stderr.write(`altwise: using ${config.url} (API key from ${config.keyFrom})\n`);
  return { client: new Altwise({ apiKey: config.apiKey, baseUrl: config.url }), baseUrl: config.url.replace(/\/+$/, ''), concurrency: config.concurrency, root: config.root };
}

/** One line per change of the job's counts (stderr: stdout keeps the audit alone). */
export function jobProgress(err: (text: string) => void) {
  let last = '';
  return (job: Job) => {
    const line = `  ${job.status}: ${job.counts.succeeded + job.counts.failed}/${job.total} described${job.counts.failed ? `, ${job.counts.failed} failed` : ''}`;
    if (line !== last) err(line);
    last = line;
  };
}

export const write = (text: string) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
