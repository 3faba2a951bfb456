import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-layout';

describe('scroll restoration key', () => {
  it("never keys a page load's first entry as the shared \"default\" (each load starts at the top)", () => {
    const first = scrollKey({ key: 'default' });
    expect(first).not.toBe('default');
    // Stable within this load, so back and forward inside it still restore.
    expect(scrollKey({ key: 'default' })).toBe(first);
    expect(scrollKey({ key: 'abc123' })).toBe('abc123');
  });
});
