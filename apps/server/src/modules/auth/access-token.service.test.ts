import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './access-token.service';

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe('createAccessTokens', () => {
  it('answers a verified token again until it expires, and then says it expired', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const tokens = createAccessTokens(randomBytes(32), () => now);
    const token = await tokens.sign('user-1');
    expect(await tokens.verify(token)).toBe('user-1');
    expect(await tokens.verify(token)).toBe('user-1');
    now += ACCESS_TOKEN_TTL_SECONDS * 1000 - 1_000;
    expect(await tokens.verify(token)).toBe('user-1');
    now += 1_000;
    expect(await refusal(tokens.verify(token))).toBe('Access token expired');
  });

  it('never lets a remembered token vouch for a different string', async () => {
    const key = randomBytes(32);
    const tokens = createAccessTokens(key, Date.now);
    const token = await tokens.sign('user-1');
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'user-2' })).toString('base64url');
    expect(await refusal(tokens.verify(`${header}.${otherPayload}.${signature}`))).toBe('Invalid access token');
    expect(await refusal(tokens.verify(`${token}x`))).toBe('Invalid access token');
    const foreign = await createAccessTokens(randomBytes(32), Date.now).sign('user-1');
    expect(await refusal(tokens.verify(foreign))).toBe('Invalid access token');
  });
});
