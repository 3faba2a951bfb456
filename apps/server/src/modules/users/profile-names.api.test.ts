import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

// Issue 31 row 4: a name is put at the head of every mail; a line break in it writes the mail's first lines.
// (NUL has its own rule for every string of the API.)
const HOSTILE_NAMES = ['Ada\r\nYour account is safe. Support: https://evil.example/help', 'Ada\u0007', 'Ada\u001b[31m', 'Ada\u0085next', 'Ada\u2028Line'];

for (const database of DATABASES) {
  describe(`names without control characters (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('registration refuses a first or last name holding a control character: 400 naming the field', async () => {
      for (const field of ['firstName', 'lastName'] as const) {
        for (const name of HOSTILE_NAMES) {
          const body = { firstName: 'Ada', lastName: 'Lovelace', email: `names-${randomUUID()}@example.com`, password: 'Correct-Horse-9', [field]: name };
          const response = await server.request('POST', '/api/auth/register', { body });
          expect(response.status, JSON.stringify(name)).toBe(400);
          expect(response.body.error.code).toBe('validation_failed');
          expect(response.body.error.details).toEqual([{ field, message: 'The name cannot contain control characters (such as line breaks)' }]);
        }
      }
    });

    it('a profile change is refused the same way, and the name stays as it was', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('PUT', '/api/v1/user', { token, body: { firstName: HOSTILE_NAMES[0] } });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual([{ field: 'firstName', message: 'The name cannot contain control characters (such as line breaks)' }]);
      expect((await server.request('GET', '/api/auth/profile', { token })).body.user.firstName).toBe('Ada');
      // Letters of any script, apostrophes and hyphens are names.
      expect((await server.request('PUT', '/api/v1/user', { token, body: { firstName: "Zoë-Anne O'Brien", lastName: '李' } })).status).toBe(200);
    });
  });
}
