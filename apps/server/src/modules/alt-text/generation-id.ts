import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * A UUIDv7 whose 12-bit rand_a field is a per-millisecond sequence, so ids made in the same
 * millisecond still sort in creation order: history breaks created_at ties by id.
 */
export function newGenerationId(atMs: number): string {
  let ms = Math.max(0, Math.floor(atMs));
  if (ms <= lastMs) {
    ms = lastMs;
    sequence += 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = 0;
    }
  } else {
    sequence = 0;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
