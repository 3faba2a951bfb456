import { createHash } from 'node:crypto';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The SHA-256 (hex) of an image's bytes: what the cache key, the server's thumbnails and an
 * Idempotency-Key's fingerprint know an image by. One function, so a caller that hashed an upload
 * already hands the engine the same value (ImageSource's `sha256`) and the bytes are hashed once.
 */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Whether `value` looks like what sha256Of returns (a misuse, such as a base64 digest, is refused). */
export function isSha256Hex(value: string): boolean {
  return SHA256_HEX.test(value);
}
