import type { Audit } from '@altwise/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import AuditPage from './audit-page';
import { altAttribute } from './components/audit-image-list';

const fetchMock = mockFetch();

/** The history list (a GET on mount) is empty; the audit itself (the POST) answers `body`. */
function answerAudit(body: unknown, status = 201) {
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'POST' ? jsonResponse(body, status) : jsonResponse({ items: [], nextCursor: null })));
}
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const image = (index: number, overrides: Partial<Audit['images'][number]>): Audit['images'][number] => ({
  index,
  kind: 'img',
  imageUrl: `https://example.com/${index}.png`,
  selector: `html > body:nth-of-type(1) > img:nth-of-type(${index + 1})`,
  location: `Main › "Boats" › image ${index + 1}`,
  accessibleName: null,
  nameSource: null,
  context: { figcaption: null, link: null, heading: null, paragraph: null },
  language: 'en',
  purpose: null,
  verdict: 'missing',
  issues: [],
  suggestion: null,
  suggestionError: null,
  ...overrides,
});

const AUDIT: Audit = {
  id: 'a1',
  url: 'https://example.com/',
  finalUrl: 'https://example.com/',
  pageTitle: 'Example',
  suggest: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  summary: { images: 3, missing: 1, decorative: 1, poor: 0, ok: 1, broken: 0, suggested: 1, notAudited: 0 },
  job: null,
  images: [
    image(0, { suggestion: 'A "red" boat & crew', issues: [{ id: 'missing-alt', severity: 'error', message: 'This image has no text alternative' }] }),
    image(1, { accessibleName: '', nameSource: 'alt', verdict: 'decorative' }),
    image(2, { accessibleName: 'Un phare', nameSource: 'alt', verdict: 'ok', language: 'fr' }),
  ],
};

describe('Audit a page', () => {
  beforeEach(() => {
    signInAs();
    answerAudit(AUDIT);
  });

  it('validates the URL before calling the API', async () => {
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(screen.getByText('Page URL is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Page URL'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(screen.getByText('Page URL must be an http or https address')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('audits, shows the summary and the table, and filters by verdict', async () => {
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.type(screen.getByLabelText('Page URL'), 'https://example.com/');
    await user.click(screen.getByLabelText(/Suggest alt text/));
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(await screen.findByText('Audit complete: 3 images, 1 missing alt text.')).toBeInTheDocument();
    const [input, init] = posts()[0]!;
    expect(String(input)).toContain('/v1/audits');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://example.com/', suggest: true });

    expect(screen.getAllByTestId('audit-row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Copy alt attribute for image 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Missing' }));
    const rows = screen.getAllByTestId('audit-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('A "red" boat & crew')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Poor' }));
    expect(screen.getByText('No images with this verdict.')).toBeInTheDocument();
  });

  it('links to the bulk job that writes the suggestions of a big page', async () => {
    answerAudit({ ...AUDIT, summary: { ...AUDIT.summary, suggested: 0 }, job: { id: 'job-7', url: '/api/v1/jobs/job-7' } });
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.type(screen.getByLabelText('Page URL'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(await screen.findByText('Suggestions are on their way')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow the job' })).toHaveAttribute('href', '/app/jobs/job-7');
  });

  it('says how many images of a very large page were not audited, and each image\'s language', async () => {
    answerAudit({ ...AUDIT, summary: { ...AUDIT.summary, notAudited: 268_000 } });
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.type(screen.getByLabelText('Page URL'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(await screen.findByText('Audit complete: 3 images, 1 missing alt text, 268000 not audited.')).toBeInTheDocument();
    expect(screen.getByText('268,000 images not audited')).toBeInTheDocument();
    const french = screen.getByText('Un phare');
    expect(french).toHaveAttribute('lang', 'fr');
    expect(within(french.closest('li')!).getByText('Language: fr')).toBeInTheDocument();
  });

  it('shows the server refusal', async () => {
    answerAudit({ error: { code: 'unsupported_media_type', message: 'The page is not HTML (it was served as application/json)' } }, 415);
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.type(screen.getByLabelText('Page URL'), 'https://example.com/data.json');
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    expect(await screen.findByText('The page could not be audited')).toBeInTheDocument();
    expect(screen.getByText('The page is not HTML (it was served as application/json)')).toBeInTheDocument();
  });

  it('offers no alt="" for the only image of a link, and one for a decorative picture elsewhere', async () => {
    const link = { element: 'a' as const, href: 'https://example.com/', text: '', soleContent: true };
    answerAudit({
      ...AUDIT,
      images: [
        image(0, { suggestion: '', context: { ...AUDIT.images[0]!.context, link } }),
        image(1, { suggestion: '' }),
        image(2, { verdict: 'broken', accessibleName: 'A pier', nameSource: 'alt', issues: [{ id: 'broken-image', severity: 'error', message: 'The picture did not load, so nobody sees it: The image host answered HTTP 404' }] }),
      ],
    });
    const user = userEvent.setup();
    renderRoute(<AuditPage />);
    await user.type(screen.getByLabelText('Page URL'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Audit page' }));
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0]!).queryByRole('button', { name: /Copy/ })).toBeNull();
    expect(within(rows[0]!).getByText(/an empty alt would leave this link without a name/)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Copy empty alt attribute for image 2' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Broken')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Did not load')).toBeInTheDocument();
    // Where it is, in words; the CSS path on demand.
    expect(within(rows[2]!).getByText('Main › "Boats" › image 3')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('CSS path')).toBeInTheDocument();
  });

  it('builds a ready-to-paste alt attribute', () => {
    expect(altAttribute('A "red" boat & crew')).toBe('alt="A &quot;red&quot; boat &amp; crew"');
  });
});
