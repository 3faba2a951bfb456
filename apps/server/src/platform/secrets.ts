import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface DerivedKeys {
  /** HS256 key for access tokens. */
  jwt: Buffer;
  /** HMAC key for looking up API keys and refresh tokens by hash. */
  lookup: Buffer;
  /** AES-256-GCM key for the API key ciphertexts the owner can reveal. */
  encryption: Buffer;
}

const SECRET_FILE = 'app-secret';

/** The root secret: APP_SECRET, else one generated once and kept (mode 0600) in DATA_DIR. */
export function loadAppSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' so two processes starting together cannot overwrite each other's secret.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** Separate keys per purpose (HKDF-SHA256), so no key is ever used for two jobs. */
export function deriveKeys(secret: string): DerivedKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'altwise', info, 32));
  return { jwt: derive('jwt-access-token'), lookup: derive('hmac-lookup'), encryption: derive('aes-gcm-api-keys') };
}
