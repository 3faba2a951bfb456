import { describe, expect, it } from 'vitest';
import { keyEnding, MASK_DOTS, maskApiKey } from './mask-api-key';

describe('maskApiKey', () => {
  it('keeps the first 12 and the last 4 characters and hides the middle behind dots', () => {
    const key = 'ak_live_3f9a1c0b7d2e4f6a8b9c0d1e2f3a4b5c';
    expect(maskApiKey(key)).toBe(`ak_live_3f9a${MASK_DOTS}4b5c`);
  });

  it('never contains the hidden middle of the key', () => {
    const key = 'ak_live_AAAAAAAAAAAAsecretMIDDLEpartZZZZ';
    const masked = maskApiKey(key);
    expect(masked).not.toContain('secretMIDDLEpart');
    expect(masked.startsWith(key.slice(0, 12))).toBe(true);
    expect(masked.endsWith(key.slice(-4))).toBe(true);
  });

  it('shows only the last 4 characters of a key too short to mask the usual way', () => {
    expect(maskApiKey('short-key-1234')).toBe(`${MASK_DOTS}1234`);
  });

  it('names a key by its last four characters', () => {
    expect(keyEnding('ak_live_0123456789abcdef')).toBe('cdef');
  });
});
