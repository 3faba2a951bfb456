import fs from 'node:fs';
import path from 'node:path';

export interface CliConfig {
  apiKey?: string;
  url: string;
  concurrency: number;
  root?: string;
}

export const CONFIG_FILE = 'altwise.config.json';
export const DEFAULT_URL = 'http://localhost:3000';

/** Flags win over ALTWISE_API_KEY / ALTWISE_URL, which win over altwise.config.json in the working folder. */
export function loadCliConfig(flags: { apiKey?: string; url?: string; config?: string }, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): CliConfig {
  const file = flags.config ?? path.join(cwd, CONFIG_FILE);
  let fromFile: Partial<CliConfig> & { baseUrl?: string } = {};
  if (fs.existsSync(file)) {
    try {
      fromFile = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof fromFile;
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
    }
  } else if (flags.config) {
    throw new Error(`${flags.config} does not exist`);
  }
  return {
    // An empty variable counts as unset, as shells and CI settings often leave them.
    apiKey: flags.apiKey || env.ALTWISE_API_KEY || fromFile.apiKey,
    url: flags.url || env.ALTWISE_URL || fromFile.url || fromFile.baseUrl || DEFAULT_URL,
    concurrency: Number(fromFile.concurrency ?? 4),
    root: fromFile.root,
  };
}
