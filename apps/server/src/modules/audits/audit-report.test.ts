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
