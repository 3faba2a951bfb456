// Where the SDK goes when told nothing, and what it says when nothing answers there: a new user's
// first minutes (issue 21).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Altwise, AltwiseError, DEFAULT_BASE_URL } from '@altwise/sdk';
import { loadConfig } from '../../../apps/server/src/config';
import { freePort } from '@altwise/server/test-support/server-process';

describe('the SDK without a baseUrl', () => {
  it('talks to the port `npm start` listens on', async () => {
    const sent: string[] = [];
    const sdk = new Altwise({ fetch: async (request) => (sent.push(request.url), Response.json({ wcagCompliant: true, issues: [] })) });
    await sdk.check('A red fishing boat');
    const served = `http://localhost:${loadConfig({}).port}`;
    expect(sent).toEqual([`${served}/api/v1/alt-text/check`]);
    expect(DEFAULT_BASE_URL).toBe(served);
  });
});

describe('connection errors name the server', () => {
  let notAltwise: ReturnType<typeof createServer>;
  let notAltwiseUrl: string;
  beforeAll(async () => {
    // Some other web server on the port: it answers HTML, not the API's JSON errors.
    notAltwise = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Cannot POST</h1>');
    });
    await new Promise<void>((resolve) => notAltwise.listen(0, '127.0.0.1', resolve));
    notAltwiseUrl = `http://127.0.0.1:${(notAltwise.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => notAltwise.close(() => resolve())));

  it('a server that does not answer: network_error with the URL and the cause', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const error = await new Altwise({ apiKey: 'ak_live_x', baseUrl: `${url}/` }).check('A boat').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AltwiseError);
    expect(error).toMatchObject({ code: 'network_error', status: 0, details: { url: `${url}/api/v1/alt-text/check` } });
    expect((error as Error).message).toContain(`Could not reach the Altwise API at ${url}`);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('a server that is not Altwise: the URL it answered from and its status', async () => {
    const error = await new Altwise({ apiKey: 'ak_live_x', baseUrl: notAltwiseUrl }).describe({ url: 'https://example.com/a.png' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'http_404', status: 404 });
    expect((error as Error).message).toBe(`${notAltwiseUrl}/api/v1/images answered HTTP 404, not an Altwise API error: is ${notAltwiseUrl} the Altwise server?`);
  });
});
