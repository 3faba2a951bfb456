import type { Lexicon } from './languages';
import { LEXICONS, lexiconsFor } from './languages';
import { lowerForm, plain } from './text-forms';

/**
 * Text that reads like an instruction or an internal label rather than a description: a CMS
 * field's label ("Caption: …", "Section heading: …"), a request left in place ("Describe the
 * image", "Inserisci il testo alternativo"), or a model echoing its prompt or refusing. Read out,
 * it tells the listener nothing about the image (WCAG F30). Exported for the output sanitiser.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

const labelPatterns = new WeakMap<Lexicon, RegExp>();
/** "caption:", "titre :", "説明：" at the start (the colon is what makes it a label). */
function labelPattern(lexicon: Lexicon): RegExp {
  let found = labelPatterns.get(lexicon);
  if (!found) {
    const labels = [...lexicon.labels].sort((a, b) => b.length - a.length).map(escape);
    found = new RegExp(String.raw`^[\["'(]?(?:${labels.join('|')})[\]"')]?\s*:(?!//)\s*`, 'u');
    labelPatterns.set(lexicon, found);
  }
  return found;
}

/**
 * The internal label that opens the text ("Caption: "), in the language's lists, if any; or the
 * whole text when it is a label alone ("Podpis", "Подпись", "تعليق"): a field's name, never an alternative.
 */
export function leadingLabel(text: string, lexicons: readonly Lexicon[] = LEXICONS): string | undefined {
  const lower = lowerForm(text);
  const bare = plain(text);
  for (const lexicon of lexicons) {
    const match = labelPattern(lexicon).exec(lower);
    if (match) return match[0];
    // A label that is also a placeholder word ("placeholder") is reported as the placeholder it is.
    if (lexicon.labels.includes(bare) && !lexicon.placeholders.includes(bare) && !lexicon.imageWords.includes(bare)) return bare;
  }
  return undefined;
}

/** Whether the text is an instruction to whoever fills the field, or a model's echo or refusal. */
export function isInstruction(text: string, lexicons: readonly Lexicon[] = LEXICONS): boolean {
  const form = plain(text);
  return (
    form !== '' && lexicons.some((lexicon) => lexicon.instructions.some((pattern) => pattern.test(form)))
  );
}

/** Either of the two, for a text in `language` (BCP-47; unset: every language's lists). */
export function isInstructionOrLabel(text: string, language?: string): boolean {
  const lexicons = lexiconsFor(language);
  return leadingLabel(text, lexicons) !== undefined || isInstruction(text, lexicons);
}
