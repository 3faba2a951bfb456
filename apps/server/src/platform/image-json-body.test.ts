import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { findLongStringLiteral, parseImageJsonBody } from './image-json-body';
import { decodeBase64Image } from './base64-image';

const image = randomBytes(60_000); // 80 KB of base64: over the 64 KB threshold
const base64 = image.toString('base64');

/** What the route gets from a body: the parsed fields and the image bytes, or a 400. */
function routeView(body: string): { fields: unknown; bytes?: string } | 'invalid json' | 'invalid base64' {
  let parsed: ReturnType<typeof parseImageJsonBody>;
  try {
    parsed = parseImageJsonBody(Buffer.from(body));
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return 'invalid json';
  }
  const fields = parsed.value as Record<string, unknown>;
  if (parsed.imageData) return { fields: { ...fields, imageData: '(decoded)' }, bytes: parsed.imageData.toString('hex') };
  return viewOfPlainParse(fields);
}

/** The same through JSON.parse and decodeBase64Image, the way every body was handled before. */
function referenceView(body: string): ReturnType<typeof routeView> {
  let fields: unknown;
  try {
    fields = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    return 'invalid json';
  }
  return viewOfPlainParse(fields);
}

function viewOfPlainParse(fields: unknown): ReturnType<typeof routeView> {
  const record = fields as Record<string, unknown>;
  const isObject = typeof fields === 'object' && fields !== null && !Array.isArray(fields);
  if (!isObject || typeof record.imageData !== 'string' || record.imageData.length < 64 * 1024) return { fields };
  try {
    return { fields: { ...record, imageData: '(decoded)' }, bytes: decodeBase64Image(record.imageData).toString('hex') };
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return 'invalid base64';
  }
}

describe('parseImageJsonBody', () => {
  it('decodes a long base64 imageData straight from the bytes and parses the other fields', () => {
    const body = JSON.stringify({ context: 'Café terrace, été', imageData: base64, fileName: 'café.jpg', maxLength: 90 });
    const parsed = parseImageJsonBody(Buffer.from(body));
    expect(parsed.imageData?.equals(image)).toBe(true);
    expect(parsed.value).toMatchObject({ context: 'Café terrace, été', fileName: 'café.jpg', maxLength: 90 });
    // The placeholder is a short string, so the shared schema (a non-empty string) still applies.
    expect((parsed.value as { imageData: string }).imageData).toMatch(/^decoded-image-data-[0-9a-f-]{36}$/);
  });

  it('decodes a data: URL and the URL-safe alphabet', () => {
    for (const imageData of [`data:image/png;base64,${base64}`, `DATA:image/jpeg;base64,${base64}`, image.toString('base64url')]) {
      const parsed = parseImageJsonBody(Buffer.from(JSON.stringify({ imageData })));
      expect(parsed.imageData?.equals(image), imageData.slice(0, 30)).toBe(true);
    }
  });

  it('leaves short bodies, other fields and nested values to the ordinary parse', () => {
    for (const value of [
      { imageData: 'aGVsbG8=' },
      { context: base64 },
      { nested: { imageData: base64 } },
      [{ imageData: base64 }],
      { imageData: base64, imageUrl: 'https://example.com/a.png' },
    ]) {
      const parsed = parseImageJsonBody(Buffer.from(JSON.stringify(value)));
      const isTopLevelImage = !Array.isArray(value) && 'imageData' in value && value.imageData === base64;
      expect(parsed.imageData === undefined, JSON.stringify(value).slice(0, 40)).toBe(!isTopLevelImage);
      if (!isTopLevelImage) expect(parsed.value).toEqual(value);
    }
  });

  it('gives duplicate keys the meaning JSON.parse gives them: the last one wins', () => {
    const imageLast = `{"imageData":"aGVsbG8=","imageData":"${base64}"}`;
    const imageFirst = `{"imageData":"${base64}","imageData":"aGVsbG8="}`;
    expect(parseImageJsonBody(Buffer.from(imageLast)).imageData?.equals(image)).toBe(true);
    expect(parseImageJsonBody(Buffer.from(imageFirst))).toEqual({ value: { imageData: 'aGVsbG8=' } });
  });

  it('takes the ordinary path for escapes, whitespace and stray characters, with the same outcome', () => {
    const cases = [
      `{"imageData":"${base64.replaceAll('/', '\\/')}"}`, // PHP's json_encode escapes every slash
      `{"imageData":"${base64.slice(0, 70_000)}\\n${base64.slice(70_000)}"}`,
      `{"imageData":"${base64.slice(0, 70_000)}*${base64.slice(70_000)}"}`,
      `{"imageData":"${base64.slice(0, 70_000)}=${base64.slice(70_000)}"}`,
      `{"imageData":"${base64.slice(0, 70_000)}é${base64.slice(70_000)}"}`,
      `{"imageData":"data:image/png,${base64}"}`,
    ];
    const outcomes = cases.map((body) => {
      const outcome = routeView(body);
      expect(outcome, body.slice(0, 20)).toEqual(referenceView(body));
      return typeof outcome === 'string' ? outcome : 'decoded';
    });
    expect(outcomes).toEqual(['decoded', 'decoded', 'invalid base64', 'invalid base64', 'invalid base64', 'invalid base64']);
  });

  it('still refuses invalid JSON and prototype keys around a clean image', () => {
    for (const body of [
      `{"imageData":"${base64}"`,
      `{"imageData":"${base64}",}`,
      `{"imageData" "${base64}"}`,
      `{"imageData":"${base64}","__proto__":{"plan":"enterprise"}}`,
    ]) {
      expect(() => parseImageJsonBody(Buffer.from(body)), body.slice(-30)).toThrow(SyntaxError);
    }
    const withBom = parseImageJsonBody(Buffer.from(`\uFEFF{"imageData":"${base64}"}`));
    expect(withBom.imageData?.equals(image)).toBe(true);
  });

  it('pairs quotes as the JSON lexer does, escaped quotes and backslashes included', () => {
    const body = Buffer.from(`{"a":"x\\"y","b":"z\\\\","imageData":"${base64}"}`);
    const [start, end] = findLongStringLiteral(body, 1000)!;
    expect(body.toString('latin1', start, end)).toBe(base64);
    expect(findLongStringLiteral(Buffer.from(`{"a":"x\\"${'y'.repeat(50)}"}`), 50)).toEqual([6, 59]);
    expect(findLongStringLiteral(Buffer.from(`{"a":"unterminated ${'y'.repeat(50)}`), 10)).toBeUndefined();
  });

  it('agrees with JSON.parse and decodeBase64Image on any body built from these pieces', () => {
    const damage = fc.constantFrom('', '*', '=', '\\n', '\\/', ' ', 'é', '"', '\\"', '\\\\');
    const prefix = fc.constantFrom('', 'data:image/png;base64,', 'data:image/png,', 'data:;base64,', 'Data:image/webp;base64,');
    const key = fc.constantFrom('imageData', 'context', 'imageDat');
    const extra = fc.constantFrom('', ',"context":"Quai d’Orsay"', ',"maxLength":80', ',"imageData":"aGVsbG8="', ',"a":{"imageData":"x"}');
    fc.assert(
      fc.property(prefix, key, damage, fc.nat(base64.length), fc.nat(8), extra, fc.boolean(), (pre, name, bad, at, trim, more, first) => {
        const value = pre + base64.slice(0, at) + bad + base64.slice(at, base64.length - trim);
        const body = first ? `{"${name}":"${value}"${more}}` : `{"fileName":"a.png"${more},"${name}":"${value}"}`;
        expect(routeView(body)).toEqual(referenceView(body));
      }),
      { numRuns: 400 },
    );
  });
});
