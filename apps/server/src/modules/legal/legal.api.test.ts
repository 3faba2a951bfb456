import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

describe('Terms and Privacy by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { RETENTION_DAYS: '365', CACHE_TTL_DAYS: '14', JOB_RETENTION_DAYS: '60', OPERATOR_CONTACT: 'privacy@alt.example.test' });
  });
  afterAll(() => server.close());

  it('states what this instance stores, for how long by its own settings, and whom to contact', async () => {
    const privacy = await server.request('GET', '/api/v1/legal/privacy');
    expect(privacy.status).toBe(200);
    expect(privacy.body).toMatchObject({ document: 'privacy', title: 'Privacy Policy', source: 'default' });
    const html: string = privacy.body.html;
    expect(html).toContain('argon2id');
    expect(html).toContain('kept for 365 days');
    expect(html).toContain('unread for 14 days is deleted');
    expect(html).toContain('deleted 60 days after the job ended');
    expect(html).toContain('No image is kept beyond the small previews');
    expect(html).toContain('<a href="mailto:privacy@alt.example.test">privacy@alt.example.test</a>');
    // The page's <h1> is the title; the document's own headings start at <h2>.
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>What is stored</h2>');
    const terms = await server.request('GET', '/api/v1/legal/terms');
    expect(terms.body).toMatchObject({ document: 'terms', title: 'Terms of Service', source: 'default' });
    expect(terms.body.html).toContain('<a href="/privacy">Privacy Policy</a>');
  });

  it('answers an unknown document with a 400, never a 500', async () => {
    const other = await server.request('GET', '/api/v1/legal/cookies');
    expect(other.status).toBe(400);
  });
});

describe('Terms and Privacy from the operator\'s files', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h9-legal-'));
    fs.writeFileSync(
      path.join(dir, 'terms.md'),
      [
        '# Our House Rules',
        '',
        'Be kind. <script>alert("x")</script> <img src=x onerror="alert(1)">',
        '',
        '[click](javascript:alert(1)) [ok](https://example.test/ok) <a href="https://evil.test" onclick="steal()">raw link</a>',
        '',
        '<iframe src="https://evil.test"></iframe>',
        '',
        '## Section',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'privacy.md'), 'No heading here, just **text**.');
    server = await startTestServer('sqlite', { TERMS_FILE: path.join(dir, 'terms.md'), PRIVACY_FILE: path.join(dir, 'privacy.md') });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders the Markdown, and no HTML from the file executes', async () => {
    const terms = await server.request('GET', '/api/v1/legal/terms');
    expect(terms.body).toMatchObject({ title: 'Our House Rules', source: 'operator' });
    const html: string = terms.body.html;
    // No element of the file's own HTML, no handler attribute, no script URL: only Markdown's elements.
    expect(html).not.toMatch(/<(script|img|iframe)\b/);
    expect(html).not.toMatch(/<[^>]*\son\w+=/);
    expect(html).not.toMatch(/<a[^>]*href="(javascript:|https:\/\/evil)/);
    // Raw HTML shows as text.
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.test/ok">ok</a>');
    expect(html).toContain('<h2>Section</h2>');
    const privacy = await server.request('GET', '/api/v1/legal/privacy');
    expect(privacy.body).toMatchObject({ title: 'Privacy Policy', html: '<p>No heading here, just <strong>text</strong>.</p>\n', source: 'operator' });
  });

  it('refuses to start with a file it cannot read, naming the variable', async () => {
    await expect(startTestServer('sqlite', { PRIVACY_FILE: path.join(dir, 'missing.md') })).rejects.toThrow(/PRIVACY_FILE \(.*missing\.md\) cannot be read/);
  });
});
