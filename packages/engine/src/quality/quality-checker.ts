import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import { DEFAULT_MAX_LENGTH } from '@altwise/shared';
import { unconfirmedKeywords } from './keyword-rule';
import { lexiconsFor } from './languages';
import { purposeNotNamed } from './purpose-rule';
import { RULES } from './quality-rules';

export interface CheckAltTextInput {
  readonly altText: string;
  readonly context?: string;
  readonly maxLength?: number;
  readonly isDecorative?: boolean;
  readonly longDescription?: string;
  /** The account keywords asked for... */
  readonly keywords?: readonly string[];
  /** ...and those the model said truly describe the image (unset: no model was asked). */
  readonly keywordsShown?: readonly string[];
  /** BCP-47 tag of the text's language; picks the word lists (unset or unknown: every language's lists). */
  readonly language?: string;
  /** The link or button the image is the only content of: the alt must name its destination or action. */
  readonly purpose?: ImagePurpose;
}

export interface CheckAltTextResult {
  /** True when no error-level issue remains; warnings do not fail WCAG on their own. */
  readonly wcagCompliant: boolean;
  readonly issues: AltTextIssue[];
}

/** Lints any alt text, generated or written by hand. Deterministic and free of I/O. */
export function checkAltText(input: CheckAltTextInput): CheckAltTextResult {
  const altText = input.altText ?? '';
  const ruleInput = {
    altText,
    trimmed: altText.trim(),
    context: input.context,
    maxLength: input.maxLength ?? DEFAULT_MAX_LENGTH,
    isDecorative: input.isDecorative ?? false,
    longDescription: input.longDescription,
    lexicons: lexiconsFor(input.language),
    language: input.language,
    purpose: input.purpose,
  };
  const issues: AltTextIssue[] = [];
  for (const rule of RULES) {
    const found = rule(ruleInput);
    if (found) issues.push(found);
  }
  // A text that is already an error (a file name, a placeholder) is not judged for its purpose too.
  if (!issues.some((found) => found.severity === 'error')) {
    const unnamed = purposeNotNamed(ruleInput);
    if (unnamed) issues.push(unnamed);
  }
  issues.push(...unconfirmedKeywords(altText, input.keywords, input.keywordsShown));
  return { wcagCompliant: !issues.some((found) => found.severity === 'error'), issues };
}
