import type { AltTextIssue } from '@altwise/shared';
import type { NormalisedDescribeOptions } from './cache-key';
import type { AltTextDescription } from './description';
import type { VisionOutput } from './providers/vision-provider';
import { checkAltText } from './quality/quality-checker';
import { sanitizeModelText, urlsIn } from './text/output-sanitizer';

const LONG_DESCRIPTION_CAP = 4000;
const TEXT_IN_IMAGE_CAP = 1000;

/** A provider's answer made safe, styled and checked. */
export interface CheckedAnswer {
  readonly description: Pick<
    AltTextDescription,
    'altText' | 'longDescription' | 'isDecorative' | 'containsText' | 'textInImage' | 'uncertainText'
  >;
  /** The checker's verdict on the text alone (who wrote it is the engine's business). */
  readonly wcagCompliant: boolean;
  readonly issues: AltTextIssue[];
  /** The describer's info-level notes for the reviewer, made plain. */
  readonly notes: AltTextIssue[];
}

const NOTE_CAP = 300;
const UNCERTAIN_WORDS_CAP = 50;

/** The account's trailing-period choice, applied to the text itself (models forget). */
export function applyTrailingPeriod(altText: string, trailingPeriod: boolean | undefined): string {
  if (trailingPeriod === undefined || altText === '') return altText;
  const bare = altText.replace(/\.+$/, '').trimEnd();
  if (!trailingPeriod) return bare;
  return /[.!?…]$/.test(altText) ? altText : `${bare}.`;
}

/**
 * The sanitiser keeps web addresses out of an alt (a screen reader spells them out); when it took
 * one out of the answer, the reviewer is told where the address is, or that it is nowhere else.
 */
function addressesKeptOut(raw: VisionOutput, textInImage: string | undefined): AltTextIssue[] {
  // The offline describer says it itself, naming the site it put in the alt instead.
  if (raw.notes?.some((note) => note.id === 'url-in-text')) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const fromAlt = raw.isDecorative === true ? [] : urlsIn(text(raw.altText));
  const fromLong = urlsIn(text(raw.longDescription));
  const removed = [...fromAlt, ...fromLong];
  if (removed.length === 0) return [];
  const where = removed.every((url) => textInImage?.includes(url))
    ? 'it is whole in textInImage'
    : 'it is not in textInImage: put it in the page text if readers need it';
  const from = [fromAlt.length ? 'the alt text' : '', fromLong.length ? 'the long description' : ''].filter(Boolean).join(' and ');
  return [
    {
      id: 'url-in-text',
      severity: 'info',
      message: `A web address was kept out of ${from} (a screen reader spells it out sign by sign): ${where}.`,
    },
  ];
}

/** Everything a provider returns is untrusted text headed for an HTML attribute. */
export function checkedAnswer(raw: VisionOutput, options: NormalisedDescribeOptions): CheckedAnswer {
  const { context, maxLength, language, purpose } = options;
  const isDecorative = raw.isDecorative === true;
  const altText = isDecorative
    ? ''
    : applyTrailingPeriod(sanitizeModelText(raw.altText, { hardCap: maxLength * 2 }), options.trailingPeriod);
  const longDescription =
    sanitizeModelText(raw.longDescription, { multiline: true, hardCap: LONG_DESCRIPTION_CAP }) || undefined;
  const textInImage =
    sanitizeModelText(raw.textInImage, { verbatim: true, hardCap: TEXT_IN_IMAGE_CAP }) || undefined;
  const check = checkAltText({
    altText,
    context,
    maxLength,
    isDecorative,
    longDescription,
    keywords: options.keywords,
    keywordsShown: raw.keywordsShown,
    language,
    purpose,
  });
  const uncertainText = (raw.uncertainText ?? [])
    .slice(0, UNCERTAIN_WORDS_CAP)
    .map((word) => sanitizeModelText(word, { verbatim: true, hardCap: 100 }))
    .filter(Boolean);
  return {
    description: {
      altText,
      longDescription,
      isDecorative,
      containsText: raw.containsText === true || Boolean(textInImage),
      textInImage,
      uncertainText: uncertainText.length ? uncertainText : undefined,
    },
    wcagCompliant: check.wcagCompliant,
    issues: check.issues,
    // A describer may only inform: its notes never pass for the checker's warnings or errors.
    notes: [
      ...(raw.notes ?? []).map((note) => ({
        id: sanitizeModelText(note.id, { hardCap: 60 }),
        severity: 'info' as const,
        message: sanitizeModelText(note.message, { hardCap: NOTE_CAP }),
      })),
      ...addressesKeptOut(raw, textInImage),
    ],
  };
}

const count = (answer: CheckedAnswer, severity: AltTextIssue['severity']) =>
  answer.issues.filter((issue) => issue.severity === severity).length;

/** Fewer errors wins, then fewer warnings; a tie keeps the first answer. */
export function better(first: CheckedAnswer, second: CheckedAnswer): CheckedAnswer {
  const errors = count(second, 'error') - count(first, 'error');
  if (errors !== 0) return errors < 0 ? second : first;
  return count(second, 'warning') < count(first, 'warning') ? second : first;
}

/**
 * Ask, check, and when an error-level issue remains ask once more with the checker's messages
 * as feedback; keep the better answer. Never more than two calls, whatever the model does. A
 * failing repair call (the provider down) keeps the first answer: it was a valid answer.
 */
export async function withOneRepair(
  ask: (feedback?: { previousAltText: string; problems: string[] }) => Promise<CheckedAnswer>,
  repairable: boolean,
  signal?: AbortSignal,
): Promise<{ answer: CheckedAnswer; tries: number }> {
  const first = await ask();
  if (first.wcagCompliant || !repairable) return { answer: first, tries: 1 };
  try {
    const second = await ask({
      previousAltText: first.description.altText,
      problems: first.issues.map((issue) => `${issue.severity}: ${issue.message}`),
    });
    return { answer: better(first, second), tries: 2 };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { answer: first, tries: 2 };
  }
}
