// The verified answer (issue 36) from readings already made, live or in a provider batch: one
// combination for both, so an economy job's item says what a live verify would say of the same readings.
import type { AltTextIssue, UncertainClaim } from '@altwise/shared';
import type { AltTextDescription } from '../description';
import type { ProviderName, TokenUsage } from '../providers/vision-provider';
import { addUsage } from '../providers/vision-provider';
import type { CheckedAnswer } from '../self-repair';
import { verifyReadings } from './verify-readings';

/** `verify` asked of the offline describer: it answers its draft, read once. */
export const VERIFY_NEEDS_MODEL: AltTextIssue = Object.freeze({
  id: 'verification-needs-model',
  severity: 'info',
  message: 'Checking with several readings needs a vision model: this is the offline draft, read once.',
});

/** "colour: 2 of 3 readings say red, 1 says orange". */
export function readingsDisagree(uncertain: readonly UncertainClaim[], samples: number): AltTextIssue {
  const parts = uncertain.map(({ kind, readings }) => `${kind}: ${readings.map(({ value, count }, index) => (index === 0 ? `${count} of ${samples} readings say ${value}` : `${count} says ${value}`)).join(', ')}`);
  return {
    id: 'readings-disagree',
    severity: 'warning',
    message: `The readings disagree (${parts.join('; ')}). Check these claims against the image before publishing.`,
  };
}

/** One reading, checked (sanitised, its issues found), with what it cost and which provider made it. */
export interface MadeReading {
  readonly best: CheckedAnswer;
  readonly tries: number;
  readonly usage?: TokenUsage;
  /** The provider and model that made it (VERIFY_PROVIDERS spreads readings over several). */
  readonly by?: { readonly name: ProviderName; readonly model: string };
}

/** OCR's own doubt marks ("[w0rd?]") are not text in the image. */
export const ocrWitness = (text: string | undefined) => text?.replace(/\[([^\]]*)\?\]/g, '$1');

/**
 * The readings compared claim by claim: the best-supported reading, finished by the engine
 * (`finish`: who wrote it, the draft warnings), carrying every reading's tokens and tries, with
 * what they contradict each other on as `uncertain` (which keeps it from counting as compliant).
 */
export function combineReadings(
  readings: readonly MadeReading[],
  language: string,
  ocrText: string | undefined,
  finish: (reading: MadeReading, tries: number, usage: TokenUsage | undefined) => AltTextDescription,
): AltTextDescription {
  const samples = readings.length;
  const result = verifyReadings({
    readings: readings.map(({ best }) => ({ altText: best.description.altText, textInImage: best.description.textInImage })),
    language,
    ocrText: ocrWitness(ocrText),
  });
  const usage = readings.reduce<TokenUsage | undefined>((sum, reading) => (reading.usage ? addUsage(sum, reading.usage) : sum), undefined);
  const tries = readings.reduce((sum, reading) => sum + reading.tries, 0);
  const chosen = finish(readings[result.chosen]!, tries, usage);
  const issues = result.uncertain.length > 0 ? [...chosen.issues, readingsDisagree(result.uncertain, samples)] : chosen.issues;
  return {
    ...chosen,
    issues,
    wcagCompliant: chosen.wcagCompliant && result.uncertain.length === 0,
    samples,
    agreement: result.agreement,
    claims: result.claims,
    uncertain: result.uncertain,
  };
}
