import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_BASE_URL } from '@altwise/sdk';
import { isInside } from './fill/folder-guard';

export interface CliConfig {
  apiKey?: string;
  url: string;
  /** Where the key and the URL came from, for the line that says which server the CLI talks to. */
  keyFrom?: string;
  urlFrom: string;
  concurrency: number;
  root?: string;
  /** Things worth a line on stderr (a setting that was not used, and why). */
  notes: string[];
}

export const CONFIG_FILE = 'altwise.config.json';
// Where `npm start` serves: a new user's first run needs no --url.
export const DEFAULT_URL = DEFAULT_BASE_URL;

interface FileConfig {
  apiKey?: unknown;
  url?: unknown;
  baseUrl?: unknown;
  concurrency?: unknown;
  root?: unknown;
}

function readConfigFile(file: string, named: boolean): FileConfig {
  if (!fs.existsSync(file)) {
    if (named) throw new Error(`${file} does not exist`);
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as FileConfig) : {};
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Key: --api-key, then ALTWISE_API_KEY, then altwise.config.json. URL: --url, then ALTWISE_URL, then
 * the default; the config file's URL only goes with the config file's own key. A project folder is
 * anyone's (a cloned repository), so its config must never redirect a key the user holds in a flag
 * or the environment to a server the folder chose; a config naming a URL without a key is refused.
 */
export function loadCliConfig(flags: { apiKey?: string; url?: string; config?: string }, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): CliConfig {
  const fileName = flags.config ?? CONFIG_FILE;
  const fromFile = readConfigFile(flags.config ? path.resolve(cwd, flags.config) : path.join(cwd, CONFIG_FILE), Boolean(flags.config));
  const fileKey = text(fromFile.apiKey);
  const fileUrl = text(fromFile.url) ?? text(fromFile.baseUrl);
  if (fileUrl && !fileKey) throw new Error(`${fileName} names a url but no apiKey: a key from --api-key or ALTWISE_API_KEY only goes to --url, ALTWISE_URL or ${DEFAULT_URL}`);

  // An empty variable counts as unset, as shells and CI settings often leave them.
  const [apiKey, keyFrom] = flags.apiKey ? [flags.apiKey, '--api-key'] : env.ALTWISE_API_KEY ? [env.ALTWISE_API_KEY, 'ALTWISE_API_KEY'] : fileKey ? [fileKey, fileName] : [undefined, undefined];
  const notes: string[] = [];
  let url: string;
  let urlFrom: string;
  if (flags.url) [url, urlFrom] = [flags.url, '--url'];
  else if (env.ALTWISE_URL) [url, urlFrom] = [env.ALTWISE_URL, 'ALTWISE_URL'];
  else if (fileUrl && keyFrom === fileName) [url, urlFrom] = [fileUrl, fileName];
  else [url, urlFrom] = [DEFAULT_URL, 'the default'];
  if (fileUrl && urlFrom !== fileName && keyFrom !== fileName) notes.push(`the url in ${fileName} is not used: it goes only with the apiKey of ${fileName}, and the key comes from ${keyFrom}`);

  // The folder's own root may not widen what fill reads beyond the folder; --root (the user's word) may.
  const fileRoot = text(fromFile.root);
  if (fileRoot && !isInside(path.resolve(cwd, fileRoot), [cwd])) throw new Error(`"root" in ${fileName} must be inside the working folder (use --root to name another)`);
  const concurrency = Number(fromFile.concurrency ?? 4);
  return {
    apiKey,
    url,
    keyFrom,
    urlFrom,
    concurrency: Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32 ? concurrency : 4,
    root: fileRoot,
    notes,
  };
}
