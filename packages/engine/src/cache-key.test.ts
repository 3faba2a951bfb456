import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheKey, normaliseDescribeOptions } from './cache-key';

const bytes = Buffer.from('image bytes');
const base = { bytes, provider: 'openai', model: 'gpt-4o-mini', language: 'en', maxLength: 125 };

describe('cacheKey', () => {
  it('is a SHA-256 hex digest', () => {
    expect(cacheKey(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the bytes and for their precomputed hash', () => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const { bytes: _bytes, ...rest } = base;
    expect(cacheKey({ ...rest, sha256 })).toBe(cacheKey(base));
  });

  it('changes with every parameter that changes the output', () => {
    const keys = new Set([
      cacheKey(base),
      cacheKey({ ...base, bytes: Buffer.from('other bytes') }),
      cacheKey({ ...base, provider: 'anthropic' }),
      cacheKey({ ...base, model: 'gpt-4o' }),
      cacheKey({ ...base, language: 'fr' }),
      cacheKey({ ...base, maxLength: 100 }),
      cacheKey({ ...base, context: 'Product page' }),
      // The offline describer and the prompt both read the file name: same bytes, other name, other text.
      cacheKey({ ...base, fileName: 'sunny-meadow.png' }),
    ]);
    expect(keys.size).toBe(8);
  });

  it('cannot be confused by moving text between fields', () => {
    expect(cacheKey({ ...base, provider: 'open', model: 'ai-gpt' })).not.toBe(
      cacheKey({ ...base, provider: 'open-ai', model: 'gpt' }),
    );
    expect(cacheKey({ ...base, model: 'm","en', language: 'x' })).not.toBe(
      cacheKey({ ...base, model: 'm', language: 'en","x' }),
    );
  });

  it('treats equivalent options alike: defaults, blank context, tag case', () => {
    const { language: _language, maxLength: _maxLength, ...bare } = base;
    expect(cacheKey(bare)).toBe(cacheKey(base));
    expect(cacheKey({ ...base, context: '   ' })).toBe(cacheKey(base));
    expect(cacheKey({ ...base, language: 'EN-gb' })).toBe(cacheKey({ ...base, language: 'en-GB' }));
  });
});

describe('cacheKey and the image purpose', () => {
  it('keys a link or button image apart from a plain one, and equivalent purposes together', () => {
    const plain = cacheKey(base);
    const link = cacheKey({ ...base, purpose: { kind: 'link', href: '/pricing', label: 'Pricing' } });
    const button = cacheKey({ ...base, purpose: { kind: 'button', label: 'Pricing' } });
    const otherHref = cacheKey({ ...base, purpose: { kind: 'link', href: '/about', label: 'Pricing' } });
    expect(new Set([plain, link, button, otherHref]).size).toBe(4);
    expect(cacheKey({ ...base, purpose: { kind: 'link', href: ' /pricing ', label: '  Pricing \n' } })).toBe(link);
    expect(cacheKey({ ...base, purpose: { kind: 'link', href: '/pricing', label: 'Pricing', extra: 1 } as never })).toBe(link);
  });

  it('normalises the purpose: trimmed, blanks dropped', () => {
    expect(normaliseDescribeOptions({ purpose: { kind: 'button', label: '  Close   menu ', href: '  ' } }).purpose).toEqual({
      kind: 'button',
      label: 'Close menu',
    });
  });
});

describe('normaliseDescribeOptions', () => {
  it('fills defaults and trims context', () => {
    expect(normaliseDescribeOptions({ context: '  Caption  ' })).toEqual({
      context: 'Caption',
      language: 'en',
      maxLength: 125,
      keywords: [],
      trailingPeriod: undefined,
      instructions: undefined,
      purpose: undefined,
    });
  });

  it('keeps each style apart and equivalent styles together', () => {
    const base = { sha256: 'a'.repeat(64), provider: 'openai', model: 'gpt' };
    const plain = cacheKey(base);
    const period = cacheKey({ ...base, trailingPeriod: true });
    const noPeriod = cacheKey({ ...base, trailingPeriod: false });
    const keywords = cacheKey({ ...base, keywords: ['Shoes', 'sale'] });
    const instructed = cacheKey({ ...base, instructions: 'Mention the colour first.' });
    expect(new Set([plain, period, noPeriod, keywords, instructed]).size).toBe(5);
    expect(cacheKey({ ...base, keywords: [' sale ', 'shoes', 'SHOES'] })).toBe(keywords);
    expect(cacheKey({ ...base, instructions: '  Mention the colour first. ' })).toBe(instructed);
  });
});
