import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveKeys, loadAppSecret } from './secrets';

describe('app secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('generates a secret once, readable only by its owner, and reuses it after a restart', () => {
    const dir = tempDir();
    const first = loadAppSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(fs.statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(loadAppSecret(null, dir)).toBe(first);
  });

  it('prefers APP_SECRET and writes nothing then', () => {
    const dir = tempDir();
    expect(loadAppSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dir, 'app-secret'))).toBe(false);
  });

  it('derives a different key for every purpose, stable for the same secret', () => {
    const keys = deriveKeys('s'.repeat(40));
    expect(new Set([keys.jwt, keys.lookup, keys.encryption].map((key) => key.toString('hex'))).size).toBe(3);
    expect(deriveKeys('s'.repeat(40)).jwt.equals(keys.jwt)).toBe(true);
    expect(deriveKeys('t'.repeat(40)).jwt.equals(keys.jwt)).toBe(false);
  });
});
