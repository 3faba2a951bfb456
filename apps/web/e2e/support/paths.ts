import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
// Where the screens' screenshots go, when they are wanted (browser.ts: screenshot).
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || undefined;
