// Inline suppressions, in whatever comment the file kind has:
//   <!-- altwise-ignore -->            HTML, Markdown, Vue, Astro: the next image
//   {/* altwise-ignore */}             JSX, TSX, MDX: the next image
//   // altwise-ignore-next-line        any script: every image that starts on the next line
// A list of rule ids after the keyword ("altwise-ignore placeholder, file-name") limits it to those.

export interface IgnoreDirective {
  /** Offset just past the comment: "the next image" is the first that starts after it. */
  end: number;
  nextLine: boolean;
  /** Rule ids it is limited to; empty: every rule. */
  rules: string[];
}

// `//` only where a comment can start (not the `//` of "https://"); the rule list stops at the comment's end.
const DIRECTIVE = /(?:<!--|\/\*|(?<![:\w/])\/\/)[ \t]*altwise-ignore(-next-line)?(?![\w-])([^\n]*?)[ \t]*(?:-->|\*\/|$)/gm;

export function ignoreDirectives(source: string): IgnoreDirective[] {
  if (!source.includes('altwise-ignore')) return [];
  return [...source.matchAll(DIRECTIVE)].map((match) => ({
    end: match.index + match[0].length,
    nextLine: match[1] !== undefined,
    rules: (match[2] ?? '').split(/[\s,]+/).filter((word) => /^[a-z][a-z0-9-]*$/.test(word)),
  }));
}

export interface Suppression {
  /** Every rule, or only these. */
  rules: ReadonlySet<string> | 'all';
}

/**
 * Which images (by index, in source order) each directive silences. `lineOf` turns an offset into
 * its line; `starts` are the images' start offsets, ascending.
 */
export function suppressions(directives: readonly IgnoreDirective[], starts: readonly number[], lineOf: (offset: number) => number): Map<number, Suppression> {
  const silenced = new Map<number, Suppression>();
  const add = (index: number, rules: string[]) => {
    const previous = silenced.get(index);
    if (rules.length === 0 || previous?.rules === 'all') silenced.set(index, { rules: 'all' });
    else silenced.set(index, { rules: new Set([...(previous?.rules ?? []), ...rules]) });
  };
  for (const directive of directives) {
    if (directive.nextLine) {
      const target = lineOf(directive.end) + 1;
      starts.forEach((start, index) => {
        if (lineOf(start) === target) add(index, directive.rules);
      });
    } else {
      const index = starts.findIndex((start) => start >= directive.end);
      if (index >= 0) add(index, directive.rules);
    }
  }
  return silenced;
}

export const isSuppressed = (suppression: Suppression | undefined, ruleId: string) => suppression !== undefined && (suppression.rules === 'all' || suppression.rules.has(ruleId));
