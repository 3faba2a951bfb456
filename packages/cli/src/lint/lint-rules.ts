// The rules `altwise lint` reports: every rule of the engine's alt-text checker (same ids, so a finding
// in a pull request and a verdict from `altwise check` or the API read alike), and the few that only
// the markup shows (a missing alt attribute, a link's only image hidden from assistive technology).
// Each carries its WCAG references, for the SARIF rules and the rules table of packages/cli/README.md. The checker's `empty`
// is not here: in markup alt="" marks an image decorative, and no alt at all is missing-alt.

export type LintSeverity = 'error' | 'warning';

export interface LintRule {
  id: string;
  /** The severity the rule usually reports; the checker may raise or lower one case (too-long). */
  severity: LintSeverity;
  summary: string;
  help: string;
  /** WCAG success criteria ("1.1.1") and techniques or failures ("F30", "G94"). */
  criteria: readonly string[];
  techniques: readonly string[];
}

const NOT_AN_ALTERNATIVE = 'Write what the image shows or does, in the words a sighted reader would use; if it only decorates, use alt="".';

const rule = (id: string, severity: LintSeverity, summary: string, help: string, criteria: readonly string[], techniques: readonly string[]): LintRule => ({ id, severity, summary, help, criteria, techniques });

export const LINT_RULES: readonly LintRule[] = [
  rule('missing-alt', 'error', 'Image has no text alternative', 'Every element that shows an image needs a text alternative: <img> an alt attribute (Markdown: text between ![ and ]), or alt="" when decorative (H37, H67); <input type="image"> an alt saying what the button does (H36); a linked <area> an alt saying where it goes (H24); <object> fallback content (H53); role="img" and <svg> aria-label, aria-labelledby or a <title> (ARIA6, ARIA10). Without one, screen readers read the file name or nothing.', ['1.1.1'], ['F65', 'H37', 'H36', 'H24', 'H53', 'ARIA6', 'ARIA10']),
  rule('whitespace-only', 'error', 'Alt text is only spaces', 'Spaces say nothing to a screen reader user; write a description, or alt="" (truly empty) for a decorative image.', ['1.1.1'], ['F30', 'H67']),
  rule('too-long', 'warning', 'Alt text is longer than the limit', 'Keep alt text short (the limit is 125 characters by default); move detail to a caption or a long description. Over twice the limit is an error.', ['1.1.1'], ['G94', 'G92']),
  rule('redundant-prefix', 'warning', 'Alt text starts with "image of" or similar', 'Screen readers already announce an image: start with what it shows.', ['1.1.1'], ['G94']),
  rule('code-leftover', 'error', 'Alt text is a programming leftover', `An unfilled template or a value such as "undefined" reached the page. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('template-text', 'error', 'Alt text is template text left in place', `"Your alt text here" and similar are instructions, not descriptions. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('credit-line', 'error', 'Alt text is a credit line', `"Foto: dpa", "© Reuters", "出典：PIXTA" say who took the picture, not what it shows: keep credits in a caption. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('instruction-or-label', 'error', 'Alt text is an instruction or an internal label', `"Caption: …" or "Describe the image" is read out as is. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('developer-note', 'error', 'Alt text is a note left for later', `"TODO", "FIXME", "test": ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('emoji-only', 'error', 'Alt text is only emoji', 'Emoji are read out by their names, which rarely say what the image shows: describe it in words.', ['1.1.1'], ['F30']),
  rule('screenshot-name', 'error', 'Alt text is a screenshot file name', 'Say what the screenshot shows, including its important text, not when it was taken.', ['1.1.1'], ['F30']),
  rule('camera-file-name', 'error', 'Alt text is a camera or phone file name', `"IMG_2041.jpg" and "DSC_1234" describe nothing. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('design-tool-name', 'error', 'Alt text is a design tool layer name', `"Rectangle 12" or "Frame 3" was exported with the image. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('file-name', 'error', 'Alt text is a file name or URL', `A file name or address does not describe the image. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('placeholder', 'error', 'Alt text is a placeholder word', `"image", "photo", "logo" alone say nothing the screen reader has not. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('programmatic-reference', 'error', 'Alt text is a generated name or number', `"Image 12" or "Figure 3" is a reference, not a description. ${NOT_AN_ALTERNATIVE}`, ['1.1.1'], ['F30']),
  rule('decorative-has-alt', 'error', 'Image is marked decorative but has alt text', 'role="presentation", role="none" or aria-hidden="true" hide the image, yet its alt is read by some assistive technology: use alt="" for a decorative image, or drop the marking if it carries meaning.', ['1.1.1'], ['F38', 'F39', 'H67']),
  rule('all-caps', 'warning', 'Alt text is in all capitals', 'Some screen readers spell capitals letter by letter: write in sentence case.', ['1.1.1'], ['G94']),
  rule('repeated-words', 'warning', 'Alt text repeats a word', 'A word said twice in a row is usually a slip; screen readers read both.', ['1.1.1'], ['G94']),
  rule('copies-context', 'warning', 'Alt text repeats the text around the image', 'The listener hears it twice: describe what the image adds, or use alt="" if the text already says it all.', ['1.1.1'], ['G94', 'H2']),
  rule('emoji', 'warning', 'Alt text contains emoji', 'Screen readers read emoji out by their names: prefer words.', ['1.1.1'], ['G94']),
  rule('purpose-not-named', 'error', 'Image is the only content of a link or button and its alt does not name the purpose', 'The alt text is the link\'s or button\'s name: say where the link goes or what the button does ("Home", "Search"), not what the picture looks like. An empty alt leaves it with no name at all.', ['1.1.1', '2.4.4', '4.1.2'], ['F89', 'G94', 'H30', 'H36']),
  rule('redundant-with-text', 'warning', 'Alt text repeats the link, button or table-cell text next to it', 'An image beside the text of its link, button or table cell with the same words is read twice: use alt="" and let the text name it.', ['1.1.1'], ['H2']),
  rule('hidden-link-content', 'error', "A link's or button's only image is hidden from assistive technology", 'aria-hidden="true" or role="presentation" on the only content of a link or button leaves it with no accessible name: remove the marking and let the alt text name the destination or action.', ['2.4.4', '4.1.2'], ['F89', 'H30']),
];

const BY_ID = new Map(LINT_RULES.map((entry) => [entry.id, entry]));

/** The rule of an id; a checker rule added later, not yet catalogued, still gets a plain entry. */
export function lintRule(id: string): LintRule {
  return BY_ID.get(id) ?? rule(id, 'warning', `Alt text check "${id}"`, 'See the message.', ['1.1.1'], []);
}

export const isKnownRule = (id: string) => BY_ID.has(id);

/** Where the W3C explains a technique or failure ("F30" → its page in the WCAG 2.2 techniques). */
export function techniqueUrl(technique: string): string {
  const folder = { F: 'failures', G: 'general', H: 'html', C: 'css', A: 'aria' }[technique[0] as 'F' | 'G' | 'H' | 'C' | 'A'] ?? 'general';
  return `https://www.w3.org/WAI/WCAG22/Techniques/${folder}/${technique}`;
}

const UNDERSTANDING: Record<string, string> = {
  '1.1.1': 'non-text-content',
  '2.4.4': 'link-purpose-in-context',
  '4.1.2': 'name-role-value',
};
export const criterionUrl = (criterion: string) => `https://www.w3.org/WAI/WCAG22/Understanding/${UNDERSTANDING[criterion] ?? 'intro'}.html`;

/** The page a rule's help points to: its first technique, else its first criterion. */
export const ruleHelpUrl = (entry: LintRule) => (entry.techniques[0] ? techniqueUrl(entry.techniques[0]) : criterionUrl(entry.criteria[0] ?? '1.1.1'));
