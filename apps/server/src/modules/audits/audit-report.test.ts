import type { Audit, AuditImage } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { auditCsv, auditHtml } from './audit-report';

const image = (overrides: Partial<AuditImage>): AuditImage => ({
  index: 0,
  kind: 'img',
  imageUrl: 'https://harbour.example/boat.png',
  selector: 'html > body > img',
  location: 'Main › 1st image',
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

const audit = (images: AuditImage[]): Audit => ({
  id: 'a1',
  url: 'https://harbour.example/',
  finalUrl: 'https://harbour.example/',
  pageTitle: 'Harbour',
  suggest: true,
  createdAt: '2026-11-27T12:48:39.093Z',
  summary: { images: images.length, missing: images.length, decorative: 0, poor: 0, ok: 0, broken: 0, suggested: images.length, notAudited: 0 },
  job: null,
  images,
});

const DRAFT = image({ index: 0, suggestion: 'Landscape graphic in blue', suggestionVerification: 'draft' });
const MODEL = image({ index: 1, imageUrl: 'https://harbour.example/pier.png', suggestion: 'The old stone pier at low tide', suggestionVerification: 'model' });
const NONE = image({ index: 2, imageUrl: 'https://harbour.example/logo.png' });

describe('audit reports label drafts (issue 35 row 1)', () => {
  it('the CSV has a verification column: draft, model, or empty without a suggestion', () => {
    const [header, ...rows] = auditCsv(audit([DRAFT, MODEL, NONE])).trim().split('\r\n').map((line) => line.split(','));
    const column = header!.indexOf('verification');
    expect(column).toBe(header!.indexOf('suggestion') + 1);
    expect(rows.map((row) => row[column])).toEqual(['draft', 'model', '']);
  });

  it('the HTML report labels a draft suggestion, and says what a draft is, but not a model one', () => {
    const html = auditHtml(audit([DRAFT, MODEL]));
    expect(html).toContain('<strong class="draft">Draft — no vision model</strong><br>Landscape graphic in blue');
    expect(html).toMatch(/<p><strong>Draft — no vision model<\/strong>: no vision model looked at the images marked so/);
    expect(html.match(/class="draft"/g)).toHaveLength(1);
    expect(auditHtml(audit([MODEL]))).not.toContain('Draft — no vision model');
  });
});

describe('the HTML report on a phone (issue 35 row 17)', () => {
  it('puts the table in a focusable, named scroll region so it never widens the page', () => {
    const html = auditHtml(audit([DRAFT]));
    const region = /<div class="table-scroll" role="region" aria-label="([^"]+)" tabindex="0">\s*<table>/.exec(html);
    expect(region?.[1]).toBe('Images (scrolls sideways on narrow screens)');
    expect(html).toMatch(/<\/table>\s*<\/div>/);
    expect(html).toMatch(/\.table-scroll\{[^}]*overflow-x:auto/);
    // A keyboard user sees where focus is when the region takes it.
    expect(html).toMatch(/\.table-scroll:focus-visible\{[^}]*outline/);
  });

  it('says when it was audited in words, with the exact instant in a <time datetime>', () => {
    const html = auditHtml(audit([DRAFT]));
    expect(html).toContain('Audited <time datetime="2026-11-27T12:48:39.093Z">27 November 2026, 12:48 UTC</time>');
    expect(html).not.toMatch(/Audited 2026-/);
  });

  it('writes single-digit days and hours without padding the day but with the hour padded', () => {
    const html = auditHtml({ ...audit([]), createdAt: '2026-03-05T07:03:00.000Z' });
    expect(html).toContain('>5 March 2026, 07:03 UTC</time>');
  });
});
