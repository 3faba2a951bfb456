import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { decodeBase64Image } from './base64-image';

/** The strict rule, spelled out once more: strip a data: prefix and whitespace, then both alphabets, padding at the end. */
function strictDecode(imageData: string): Buffer | 'invalid' {
  const payload = imageData.replace(/^data:[\w/+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length % 4 === 1) return 'invalid';
  const bytes = Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 0 ? 'invalid' : bytes;
}

function decodeOrInvalid(imageData: string): Buffer | 'invalid' {
  try {
    return decodeBase64Image(imageData);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return 'invalid';
  }
}

describe('decodeBase64Image', () => {
  it('decodes plain base64, URL-safe base64 and data: URLs', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xfb, 0xff]);
    expect(decodeBase64Image(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeBase64Image(bytes.toString('base64url'))).toEqual(bytes);
    expect(decodeBase64Image(`data:image/jpeg;base64,${bytes.toString('base64')}`)).toEqual(bytes);
    expect(decodeBase64Image(` ${bytes.toString('base64').replace(/(.{4})/g, '$1\n')} `)).toEqual(bytes);
  });

  it('refuses what is not base64 with a 400', () => {
    for (const text of ['not base64!', 'QUJD*', 'QQ==QQ==', 'Q', '', '====']) {
      expect(decodeOrInvalid(text), text).toBe('invalid');
    }
  });

  it('agrees with the strict rule on any text, fast path or not', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \n*%é'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }), fc.boolean(), (chars, prefixed) => {
        const text = (prefixed ? 'data:image/png;base64,' : '') + chars.join('');
        const expected = strictDecode(text);
        const actual = decodeOrInvalid(text);
        expect(actual === 'invalid' ? 'invalid' : actual.toString('hex')).toBe(
          expected === 'invalid' ? 'invalid' : expected.toString('hex'),
        );
      }),
      { numRuns: 20_000 },
    );
  });
});
