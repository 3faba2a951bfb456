import type { Audit, AuditImage } from '@altwise/sdk';
import { describe, expect, it } from 'vitest';
import { auditCsv, auditTable } from './audit-output';

const image = (index: number, suggestion: string | null, verification?: 'draft' | 'model'): AuditImage => ({
  index,
  kind: 'img',
  imageUrl: `https://harbour.example/${index}.png`,
  selector: `img:nth-of-type(${index + 1})`,
  location: 'Main',
  accessibleName: null,
  nameSource: null,
  context: { figcaption: null, link: null, heading: null, paragraph: null },
  language: 'en',
  purpose: null,
  verdict: 'missing',
  issues: [],
  suggestion,
  ...(verification ? { suggestionVerification: verification } : {}),
  suggestionError: null,
});

const audit = (images: AuditImage[]): Audit => ({
  id: 'a1',
  url: 'https://harbour.example/',
  finalUrl: 'https://harbour.example/',
  pageTitle: null,
  suggest: true,
  createdAt: '2026-11-27T12:48:39.093Z',
  summary: { images: images.length, missing: images.length, decorative: 0, poor: 0, ok: 0, broken: 0, suggested: 2, notAudited: 0 },
  job: null,
  images,
});

describe('altwise audit labels drafts (issue 35 row 1)', () => {
  const page = audit([image(0, 'Landscape graphic in blue', 'draft'), image(1, 'The old stone pier', 'model'), image(2, null)]);

  it('the table marks a draft suggestion and says what a draft is', () => {
    const table = auditTable(page);
    expect(table).toMatch(/^1\s+missing\s+\(none\)\s+\(draft\) Landscape graphic/m);
    expect(table).toMatch(/^2\s+missing\s+\(none\)\s+The old stone pier/m);
    expect(table).toContain('(draft) Draft — no vision model: 1 suggestion says only what could be measured.');
    expect(auditTable(audit([image(0, 'The old stone pier', 'model')]))).not.toContain('draft');
  });

  it('the CSV has a verification column', () => {
    const [header, ...rows] = auditCsv(page).split('\n').map((line) => line.split(','));
    expect(header).toEqual(['index', 'kind', 'verdict', 'image_url', 'selector', 'accessible_name', 'name_source', 'suggestion', 'verification', 'issues']);
    expect(rows.map((row) => row[8])).toEqual(['draft', 'model', '']);
  });
});
