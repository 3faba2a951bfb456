/**
 * The labelled alt-text corpus (fixtures/alt-text-corpus.json) and the checker's agreement with
 * it, shared by its test and by `npm run bench`. Each item is labelled the way an accessibility
 * auditor would: "fail" when the alt is not an alternative, announces "image" before the content,
 * breaks the decorative rule, or does not name a link's or button's purpose.
 */
import fs from 'node:fs';
import { imagePurposeSchema } from '@altwise/shared';
import { z } from 'zod';
import { checkAltText } from '../src/quality/quality-checker';

const corpusItemSchema = z.object({
  altText: z.string(),
  /** BCP-47; null: the language is not given and the checker uses every list. */
  language: z.string().nullable(),
  isDecorative: z.boolean().optional(),
  purpose: imagePurposeSchema.optional(),
  expected: z.enum(['pass', 'fail']),
  class: z.string().min(1),
  note: z.string().min(1),
});
export type CorpusItem = z.infer<typeof corpusItemSchema>;

export const CORPUS_PATH = new URL('./fixtures/alt-text-corpus.json', import.meta.url);

export function loadCorpus(): CorpusItem[] {
  return z.array(corpusItemSchema).parse(JSON.parse(fs.readFileSync(CORPUS_PATH, 'utf8')));
}

/** The checker's verdict: "fail" when it reports anything (an error, or a warning such as "image of"). */
export function verdictOf(item: CorpusItem): {
  verdict: 'pass' | 'fail';
  issueIds: string[];
  wcagCompliant: boolean;
} {
  const { issues, wcagCompliant } = checkAltText({
    altText: item.altText,
    language: item.language ?? undefined,
    isDecorative: item.isDecorative,
    purpose: item.purpose,
  });
  return {
    verdict: issues.length > 0 ? 'fail' : 'pass',
    issueIds: issues.map((issue) => issue.id),
    wcagCompliant,
  };
}

export interface Agreement {
  readonly total: number;
  readonly agreed: number;
  /** Agreed items as a percentage of all items. */
  readonly percent: number;
  readonly disagreements: ReadonlyArray<CorpusItem & { issueIds: string[] }>;
}

export function measureAgreement(items: readonly CorpusItem[] = loadCorpus()): Agreement {
  const disagreements: Array<CorpusItem & { issueIds: string[] }> = [];
  for (const item of items) {
    const { verdict, issueIds } = verdictOf(item);
    if (verdict !== item.expected) disagreements.push({ ...item, issueIds });
  }
  const agreed = items.length - disagreements.length;
  return { total: items.length, agreed, percent: (agreed / items.length) * 100, disagreements };
}
