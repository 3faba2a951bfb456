import { describe, expect, it } from 'vitest';
import { hasPrototypeKeys, parseJsonBody } from './json-body-parser';

describe('parseJsonBody', () => {
  it('parses JSON and drops a byte-order mark', () => {
    expect(parseJsonBody('\uFEFF{"imageUrl":"https://example.com/a.png","context":"Café"}')).toEqual({
      imageUrl: 'https://example.com/a.png',
      context: 'Café',
    });
  });

  it('refuses prototype poisoning at any depth, as Fastify does', () => {
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"a":[{"b":{"__proto__":{}}}]}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"\\u005f_proto__":{}}',
    ]) {
      expect(() => parseJsonBody(text), text).toThrow(SyntaxError);
    }
  });

  it('lets harmless look-alikes through', () => {
    expect(hasPrototypeKeys(JSON.parse('{"constructor":"a string","proto":1,"text":"__proto__"}'))).toBe(false);
    expect(hasPrototypeKeys(JSON.parse('{"constructor":{"name":"no prototype key"}}'))).toBe(false);
  });

  it('throws on invalid JSON', () => {
    expect(() => parseJsonBody('{"imageUrl":')).toThrow(SyntaxError);
  });
});
