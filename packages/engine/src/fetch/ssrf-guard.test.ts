import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../errors/engine-error';
import type { HostResolver } from './ssrf-guard';
import { checkUrl, normaliseAllowList } from './ssrf-guard';

/** A resolver that fails the test if it is ever called: literal IPs must not need DNS. */
const noDns: HostResolver = vi.fn(async () => {
  throw new Error('DNS must not be used for this URL');
});

const resolverFor =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) =>
    (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);

async function refusal(url: string, resolve: HostResolver = noDns, allow?: string[]) {
  const error = await checkUrl(url, { resolve, allow }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('checkUrl: literal addresses in every spelling', () => {
  it.each([
    'http://127.0.0.1/a.png',
    'http://2130706433/a.png',
    'http://0x7f000001/a.png',
    'http://0177.0.0.1/a.png',
    'http://127.1/a.png',
    'http://0x7f.1/a.png',
    'http://[::1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://[::ffff:7f00:1]/a.png',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/a.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://100.64.1.1/a.png',
    'http://10.1.2.3/a.png',
    'http://0.0.0.0/a.png',
    'http://0/a.png',
    'http://[fd00::1]/a.png',
    'http://[fe80::1]/a.png',
    'https://192.168.0.1:8443/a.png',
  ])('refuses %s without a DNS lookup', async (url) => {
    const error = await refusal(url);
    expect(error.code).toBe('url_not_allowed');
    expect(noDns).not.toHaveBeenCalled();
  });

  it('allows a public literal without DNS', async () => {
    const target = await checkUrl('http://8.8.8.8/a.png', { resolve: noDns });
    expect(target.addresses).toEqual([{ address: '8.8.8.8', family: 4 }]);
    const v6 = await checkUrl('https://[2606:4700::1111]/a.png', { resolve: noDns });
    expect(v6.addresses).toEqual([{ address: '2606:4700::1111', family: 6 }]);
  });
});

describe('checkUrl: names', () => {
  it('refuses localhost and its trailing-dot and subdomain spellings before DNS', async () => {
    for (const url of [
      'http://localhost/a.png',
      'http://localhost./a.png',
      'http://LOCALHOST/a.png',
      'http://app.localhost/a.png',
    ]) {
      expect((await refusal(url)).code).toBe('url_not_allowed');
    }
  });

  it('refuses a name when any one of its records is private', async () => {
    const resolve = resolverFor({ 'mixed.example': ['93.184.215.14', '10.0.0.5'] });
    expect((await refusal('http://mixed.example/a.png', resolve)).code).toBe('url_not_allowed');
  });

  it('refuses a name whose AAAA record is an IPv4-mapped loopback', async () => {
    const resolve = resolverFor({ 'sneaky.example': ['2606:4700::1111', '::ffff:127.0.0.1'] });
    expect((await refusal('https://sneaky.example/a.png', resolve)).code).toBe('url_not_allowed');
  });

  it('allows a name whose records are all public and returns them for pinning', async () => {
    const resolve = resolverFor({ 'cdn.example': ['93.184.215.14', '2606:4700::1111'] });
    const target = await checkUrl('https://cdn.example/a.png', { resolve });
    expect(target.addresses.map((entry) => entry.address)).toEqual(['93.184.215.14', '2606:4700::1111']);
  });

  it('does not reveal the address it found in the refusal message', async () => {
    const resolve = resolverFor({ 'internal.example': ['10.20.30.40'] });
    const error = await refusal('http://internal.example/a.png', resolve);
    expect(error.message).not.toContain('10.20.30.40');
    expect(error.message).not.toMatch(/private|10\./);
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const error = await refusal('http://nowhere.example/a.png', resolverFor({}));
    expect(error.code).toBe('unreachable');
  });
});

describe('checkUrl: URL shape', () => {
  it.each([
    'ftp://example.com/a.png',
    'file:///etc/passwd',
    'gopher://example.com/',
    'data:image/png;base64,AAAA',
  ])('refuses the scheme of %s', async (url) => {
    expect((await refusal(url)).code).toBe('url_not_allowed');
  });

  it('refuses credentials in the URL', async () => {
    expect((await refusal('http://user:secret@8.8.8.8/a.png')).code).toBe('url_not_allowed');
    expect((await refusal('http://user@8.8.8.8/a.png')).code).toBe('url_not_allowed');
  });

  it('calls an unparsable URL invalid', async () => {
    expect((await refusal('not a url')).code).toBe('invalid_url');
    expect((await refusal('http://')).code).toBe('invalid_url');
  });
});

describe('checkUrl: allow list', () => {
  it('exempts an allow-listed host:port from the private-address block', async () => {
    const target = await checkUrl('http://127.0.0.1:8080/a.png', {
      resolve: noDns,
      allow: ['127.0.0.1:8080'],
    });
    expect(target.allowListed).toBe(true);
  });

  it('exempts only that port', async () => {
    expect((await refusal('http://127.0.0.1:8081/a.png', noDns, ['127.0.0.1:8080'])).code).toBe(
      'url_not_allowed',
    );
  });

  it('matches the allow list after URL normalisation and default ports', async () => {
    expect(normaliseAllowList(['[::1]:80', 'Images.Intranet:443', ' ', 'bad host:1'])).toEqual(
      new Set(['[::1]:80', 'images.intranet:443']),
    );
    await expect(
      checkUrl('http://[::1]/a.png', { resolve: noDns, allow: ['[::1]:80'] }),
    ).resolves.toMatchObject({ allowListed: true });
    const resolve = resolverFor({ 'images.intranet': ['10.0.0.9'] });
    await expect(
      checkUrl('https://images.intranet/a.png', { resolve, allow: ['images.intranet:443'] }),
    ).resolves.toMatchObject({ allowListed: true });
  });
});
