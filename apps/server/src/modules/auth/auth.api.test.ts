import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`auth API (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('registers a user, trims and lower-cases the email, and returns both token shapes', async () => {
      const response = await server.request('POST', '/api/auth/register', {
        body: { firstName: 'Grace', lastName: 'Hopper', email: '  Grace@Example.COM ', password: 'Navy-Cobol-1', company: 'Navy' },
      });
      expect(response.status).toBe(201);
      const { user, token, refreshToken, tokens } = response.body;
      expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', company: 'Navy', plan: 'free', status: 'active' });
      expect(user.userId).toEqual(expect.any(String));
      expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');
      expect(user).not.toHaveProperty('passwordHash');
      expect(user).not.toHaveProperty('password_hash');
      expect(tokens.accessToken).toBe(token);
      expect(tokens.refreshToken).toBe(refreshToken);
      expect(tokens.expiresIn).toBe(900);
    });

    it('stores passwords as argon2id with the OWASP parameters', async () => {
      const { credentials } = await registerUser(server);
      const row = await server.app.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', credentials.email)
        .executeTakeFirst();
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('refuses a duplicate email in another case with 409', async () => {
      const { credentials } = await registerUser(server);
      const response = await server.request('POST', '/api/auth/register', {
        body: { ...credentials, email: credentials.email.toUpperCase() },
      });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('conflict');
    });

    it('answers every validation message of the register and login forms', async () => {
      const empty = await server.request('POST', '/api/auth/register', {
        body: { firstName: ' ', lastName: '', email: '', password: '' },
      });
      expect(empty.status).toBe(400);
      const messages = Object.fromEntries(empty.body.error.details.map((d: any) => [d.field, d.message]));
      expect(messages).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        password: 'Password is required',
      });

      const bad = await server.request('POST', '/api/auth/login', { body: { email: 'not-an-email', password: 'short' } });
      expect(bad.status).toBe(400);
      const badMessages = Object.fromEntries(bad.body.error.details.map((d: any) => [d.field, d.message]));
      expect(badMessages).toEqual({
        email: 'Invalid email address',
        password: 'Password must be at least 8 characters',
      });
    });

    it('signs in with the right password and refuses a wrong one and an unknown email alike', async () => {
      const { credentials } = await registerUser(server);
      const ok = await server.request('POST', '/api/auth/login', {
        body: { email: credentials.email.toUpperCase(), password: credentials.password },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email).toBe(credentials.email);

      const wrong = await server.request('POST', '/api/auth/login', {
        body: { email: credentials.email, password: 'Wrong-password-1' },
      });
      const unknown = await server.request('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'Wrong-password-1' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
    });

    it('logout revokes the presented refresh token', async () => {
      const { refreshToken } = await registerUser(server);
      const logout = await server.request('POST', '/api/auth/logout', { body: { refreshToken } });
      expect(logout.status).toBe(200);
      const refresh = await server.request('POST', '/api/auth/refresh', { body: { refreshToken } });
      expect(refresh.status).toBe(401);
    });

    it('returns the profile for a valid token and 401 without one', async () => {
      const { token, user } = await registerUser(server);
      const profile = await server.request('GET', '/api/auth/profile', { token });
      expect(profile.status).toBe(200);
      expect(profile.body.user).toEqual(user);
      const anonymous = await server.request('GET', '/api/auth/profile');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('unauthorized');
    });

    it('refuses a tampered token, an alg=none token and a token signed with another key', async () => {
      const { token, user } = await registerUser(server);
      const [header, payload, signature] = token.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
      ).toString('base64url');
      const tampered = `${header}.${forgedPayload}.${signature}`;
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const otherKey = await new SignJWT({ sub: user.userId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('altwise')
        .setAudience('altwise-api')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another-secret-another-secret-123'));
      for (const bad of [tampered, none, otherKey]) {
        const response = await server.request('GET', '/api/auth/profile', { token: bad });
        expect(response.status).toBe(401);
      }
    });

    it('updates the profile and ignores plan, status and userId in the body', async () => {
      const { token, user } = await registerUser(server);
      const response = await server.request('PUT', '/api/v1/user', {
        token,
        body: { firstName: 'Augusta', company: 'Analytical Engines', plan: 'enterprise', status: 'banned', userId: 'x' },
      });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({
        userId: user.userId,
        firstName: 'Augusta',
        lastName: 'Lovelace',
        company: 'Analytical Engines',
        plan: 'free',
        status: 'active',
      });
    });

    it('refuses to change the email to one another account uses', async () => {
      const other = await registerUser(server);
      const { token, credentials } = await registerUser(server);
      const response = await server.request('PUT', '/api/v1/user', {
        token,
        body: { email: other.credentials.email.toUpperCase(), currentPassword: credentials.password },
      });
      expect(response.status).toBe(409);
    });
  });

  describe(`login throttling (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, { TRUST_PROXY: 'true' });
    });
    afterAll(() => server.close());

    const login = (email: string, password: string, ip: string) =>
      server.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

    it('counts each attempt before verifying it: 40 wrong passwords at once never reach 11 verifications', async () => {
      const { credentials } = await registerUser(server);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login(credentials.email, 'Wrong-password-1', '198.51.100.50')),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
      const right = await login(credentials.email, credentials.password, '198.51.100.50');
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      expect(right.body.error.code).toBe('too_many_requests');
    });

    it('10 failures from anywhere do not lock the account: its owner on a fresh address still signs in', async () => {
      const { credentials } = await registerUser(server);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await login(credentials.email, 'Wrong-password-1', `198.51.101.${attempt}`)).status).toBe(401);
      }
      expect((await login(credentials.email, credentials.password, '198.51.101.200')).status).toBe(200);
    });

    it('blocks an address after 10 failures in 15 minutes, whatever the account', async () => {
      const victim = await registerUser(server);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await login(`guess${attempt}@example.com`, 'Wrong-password-1', '203.0.113.7')).status).toBe(401);
      }
      expect((await login(victim.credentials.email, victim.credentials.password, '203.0.113.7')).status).toBe(429);
      expect((await login(victim.credentials.email, victim.credentials.password, '203.0.113.8')).status).toBe(200);
    });
  });

  describe(`registration throttling (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, { TRUST_PROXY: '1', REGISTRATIONS_PER_HOUR: '3' });
    });
    afterAll(() => server.close());

    const register = (ip: string, index: number) =>
      server.request('POST', '/api/auth/register', {
        body: { firstName: 'Flood', lastName: 'Gate', email: `flood-${ip}-${index}@example.com`, password: 'Correct-Horse-9' },
        headers: { 'x-forwarded-for': ip },
      });

    it('creates at most REGISTRATIONS_PER_HOUR accounts per address, even at once, then 429 with Retry-After', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => register('198.51.100.77', index)));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(9);
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused[0]!.body.error.code).toBe('too_many_requests');
      // Another address is not affected.
      expect((await register('198.51.100.78', 0)).status).toBe(201);
    });
  });
}
