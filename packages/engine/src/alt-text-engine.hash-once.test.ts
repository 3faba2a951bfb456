import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countingStore } from '@altwise/test-support/counting-store';
import { createAltTextEngine } from './alt-text-engine';
import type { AltTextDescription } from './description';
import type * as imageHash from './image/image-hash';
import { sha256Of } from './image/image-hash';
import type { VisionProvider } from './providers/vision-provider';

// Counts every hash of image bytes the engine makes (the cache key's own hash of its options is another function).
vi.mock('./image/image-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof imageHash>();
  return { ...actual, sha256Of: vi.fn(actual.sha256Of) };
});
const hashes = () => vi.mocked(sha256Of).mock.calls.length;

const provider: VisionProvider = {
  name: 'openai-compatible',
  model: 'hash-1',
  preparation: { maxEdge: 64, format: 'jpeg', quality: 70 },
  describe: async () => ({ altText: 'A green square', isDecorative: false, containsText: false }),
};

const png = (green: number) => sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: green, b: 10 } } }).png().toBuffer();

describe('hashing an upload once', () => {
  beforeEach(() => {
    vi.mocked(sha256Of).mockClear();
  });

  it('hashes uploaded bytes itself when no hash is given', async () => {
    const engine = createAltTextEngine({ provider, ocr: false });
    const bytes = await png(200);
    const described = await engine.describe({ bytes });
    expect(hashes()).toBe(1);
    expect(described.sha256).toBe(vi.mocked(sha256Of).mock.results[0]!.value);
  });

  it('takes a precomputed SHA-256 as is: the bytes are not hashed again, and it keys the cache like its own', async () => {
    const cache = countingStore<AltTextDescription>();
    const engine = createAltTextEngine({ provider, ocr: false, cache });
    const bytes = await png(150);
    const sha256 = sha256Of(bytes); // the caller's hash (the server's, for an Idempotency-Key)
    vi.mocked(sha256Of).mockClear();

    const first = await engine.describe({ bytes, sha256 });
    expect(hashes()).toBe(0);
    expect(first.sha256).toBe(sha256);
    // The engine's own hash of the same bytes finds the entry the given hash saved.
    const again = await engine.describe({ bytes });
    expect(again.cached).toBe(true);
    expect(hashes()).toBe(1);
  });

  it('refuses a hash that is not a hex SHA-256 (a base64 digest, say) instead of keying the cache with it', async () => {
    const engine = createAltTextEngine({ provider, ocr: false });
    const bytes = await png(100);
    await expect(engine.describe({ bytes, sha256: Buffer.from(sha256Of(bytes), 'hex').toString('base64') })).rejects.toThrow(TypeError);
  });
});
