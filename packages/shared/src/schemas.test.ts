import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { batchRequestSchema, generateRequestSchema, generationOptionsSchema } from './alt-text';
import { loginRequestSchema, registerFormSchema, registerRequestSchema } from './auth';
import { errorBodySchema } from './errors';
import { VALIDATION } from './messages';
import { NUL_CHARACTER_MESSAGE, rejectNulCharacters } from './nul-characters';

/** The messages a schema answers for an input, in order; [] when it accepts it. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const login = (overrides: Record<string, unknown>) => ({ email: 'ada@example.com', password: 'correct horse', ...overrides });
const register = (overrides: Record<string, unknown>) => ({ firstName: 'Ada', lastName: 'Lovelace', ...login(overrides), ...overrides });

describe('sign-in and sign-up (exact texts of docs/product-decisions.md#validation-messages)', () => {
  it.each([
    ['a missing email', { email: undefined }, [VALIDATION.emailRequired]],
    ['an empty email', { email: '' }, [VALIDATION.emailRequired]],
    ['an email of spaces', { email: '   ' }, [VALIDATION.emailRequired]],
    ['an address without a domain', { email: 'ada@example' }, [VALIDATION.emailInvalid]],
    ['an address with a space', { email: 'ada lovelace@example.com' }, [VALIDATION.emailInvalid]],
    ['a missing password', { password: undefined }, [VALIDATION.passwordRequired]],
    ['an empty password', { password: '' }, [VALIDATION.passwordRequired]],
    ['a 7-character password', { password: '1234567' }, [VALIDATION.passwordTooShort]],
    ['a 257-character password', { password: 'p'.repeat(257) }, [VALIDATION.passwordTooLong]],
  ])('answers %s with one message', (_case, overrides, expected) => {
    expect(messagesOf(loginRequestSchema, login(overrides))).toEqual(expected);
  });

  it('accepts 8 and 256 characters of password, and trims and lower-cases the email', () => {
    expect(messagesOf(loginRequestSchema, login({ password: '12345678' }))).toEqual([]);
    expect(messagesOf(loginRequestSchema, login({ password: 'p'.repeat(256) }))).toEqual([]);
    expect(loginRequestSchema.parse(login({ email: '  Ada@Example.COM ' })).email).toBe('ada@example.com');
  });

  it('requires both names, blank ones included, with their own texts; company is free', () => {
    expect(messagesOf(registerRequestSchema, register({ firstName: '  ' }))).toEqual([VALIDATION.firstNameRequired]);
    expect(messagesOf(registerRequestSchema, register({ lastName: undefined }))).toEqual([VALIDATION.lastNameRequired]);
    expect(messagesOf(registerRequestSchema, register({ company: undefined }))).toEqual([]);
  });

  it('the register form also asks for the confirmation and the terms', () => {
    const form = register({ confirmPassword: 'correct horse', terms: true });
    expect(messagesOf(registerFormSchema, form)).toEqual([]);
    expect(messagesOf(registerFormSchema, { ...form, confirmPassword: '' })).toEqual([VALIDATION.confirmPasswordRequired]);
    expect(messagesOf(registerFormSchema, { ...form, terms: false })).toEqual([VALIDATION.termsRequired]);
  });
});

describe('image URLs', () => {
  const single = (imageUrl: unknown) => messagesOf(generateRequestSchema, { imageUrl });
  const httpRule = 'Image URL must be an http or https address';

  it('accepts http and https in any case, trimmed', () => {
    expect(single('https://example.com/a.png')).toEqual([]);
    expect(single('HTTP://EXAMPLE.COM/A.PNG')).toEqual([]);
    expect(generateRequestSchema.parse({ imageUrl: '  https://example.com/a.png\n' }).imageUrl).toBe('https://example.com/a.png');
  });

  it('answers a blank URL with the shared validation text first (the message the API and the forms show)', () => {
    expect(single('   ')[0]).toBe(VALIDATION.imageUrlRequired);
    expect(messagesOf(batchRequestSchema, { imageUrls: [' '] })[0]).toBe(VALIDATION.imageUrlRequired);
  });

  it.each(['ftp://example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'example.com/a.png', 'https://'])(
    'refuses %s',
    (url) => {
      expect(single(url)).toEqual([httpRule]);
    },
  );

  it('refuses a URL over 2,048 characters', () => {
    const url = `https://example.com/${'a'.repeat(2048)}`;
    expect(single(url)).toContain('Image URL is too long');
  });

  it('takes exactly one of imageUrl and imageData', () => {
    const oneOf = 'Provide exactly one of imageUrl or imageData';
    expect(messagesOf(generateRequestSchema, {})).toEqual([oneOf]);
    expect(messagesOf(generateRequestSchema, { imageUrl: 'https://example.com/a.png', imageData: 'AAAA' })).toEqual([oneOf]);
    expect(messagesOf(generateRequestSchema, { imageData: 'AAAA' })).toEqual([]);
  });

  it('a batch needs 1 to 50 URLs, each under the same rule', () => {
    const urls = (count: number) => Array.from({ length: count }, (_, index) => `https://example.com/${index}.png`);
    expect(messagesOf(batchRequestSchema, { imageUrls: [] })).toEqual([VALIDATION.imageUrlsRequired]);
    expect(messagesOf(batchRequestSchema, {})).toEqual([VALIDATION.imageUrlsRequired]);
    expect(messagesOf(batchRequestSchema, { imageUrls: urls(50) })).toEqual([]);
    expect(messagesOf(batchRequestSchema, { imageUrls: urls(51) })).toEqual(['At most 50 images per batch']);
    expect(messagesOf(batchRequestSchema, { imageUrls: ['https://example.com/a.png', 'ftp://x'] })).toEqual([httpRule]);
  });
});

describe('generation options', () => {
  const options = (input: Record<string, unknown>) => messagesOf(generationOptionsSchema, input);
  const bcp47 = 'Language must be a BCP-47 tag such as en or fr-CA';

  it.each(['en', 'fr-CA', 'zh-Hant-TW', 'es-419', 'gsw', 'EN-gb'])('accepts the language tag %s', (language) => {
    expect(options({ language })).toEqual([]);
  });

  it.each(['english', 'e', 'en_US', 'en-', '-en', 'en-toolongsubtag', '', 'fr CA'])('refuses the language %j', (language) => {
    expect(options({ language })).toEqual([bcp47]);
  });

  it('bounds maxLength to 20–1000 whole characters, a form string included', () => {
    expect(generationOptionsSchema.parse({ maxLength: '90' }).maxLength).toBe(90);
    expect(options({ maxLength: 20 })).toEqual([]);
    expect(options({ maxLength: 1000 })).toEqual([]);
    expect(options({ maxLength: 19 })).toHaveLength(1);
    expect(options({ maxLength: 1001 })).toHaveLength(1);
    expect(options({ maxLength: 90.5 })).toHaveLength(1);
  });

  it('caps the context at 2,000 characters after trimming', () => {
    expect(options({ context: ` ${'c'.repeat(2000)} ` })).toEqual([]);
    expect(options({ context: 'c'.repeat(2001) })).toEqual(['Context must be at most 2000 characters']);
  });

  // PostgreSQL cannot store U+0000 in text: every route schema is wrapped with this rule.
  it.each([{ context: 'a\u0000b' }, { language: 'en\u0000' }])('refuses a NUL character in %o once wrapped as the routes wrap it', (input) => {
    expect(messagesOf(rejectNulCharacters(generationOptionsSchema), input)).toContain(NUL_CHARACTER_MESSAGE);
    expect(messagesOf(rejectNulCharacters(generationOptionsSchema), { context: 'ab', language: 'en' })).toEqual([]);
  });

  it('refuses a NUL character in an uploaded file name', () => {
    const upload = rejectNulCharacters(generateRequestSchema);
    expect(messagesOf(upload, { imageData: 'aGk=', fileName: 'photo\u0000.jpg' })).toContain(NUL_CHARACTER_MESSAGE);
  });
});

describe('the error body', () => {
  it('is { error: { code, message, details? } } with a code from the closed list', () => {
    expect(messagesOf(errorBodySchema, { error: { code: 'quota_exceeded', message: 'Hourly limit of 100 requests reached' } })).toEqual([]);
    expect(messagesOf(errorBodySchema, { error: { code: 'teapot', message: 'no' } })).toHaveLength(1);
    expect(messagesOf(errorBodySchema, { code: 'not_found', message: 'flat' })).toHaveLength(1);
  });
});
