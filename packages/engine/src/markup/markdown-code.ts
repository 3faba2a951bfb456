// Code in Markdown is shown, never rendered: an <img> or ![…](…) in a fenced block, an indented
// block or an inline code span is an example, so it is never linted and `fill` never writes into it.
// The code is blanked (every character but line breaks becomes a space), so offsets stay exact.

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The source with fenced blocks and inline code spans blanked out. */
export function blankCode(source: string): string {
  const lines = source.split('\n');
  let fence: { char: string; length: number } | null = null;
  const out = lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.length && !line.slice(marker[0].length).trim()) fence = null;
      return blank(line);
    }
    if (marker) {
      fence = { char: marker[1]![0]!, length: marker[1]!.length };
      return blank(line);
    }
    return line;
  });
  // Inline code: a run of backticks up to the same run (CommonMark); it may span lines within a paragraph.
  return out.join('\n').replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (span) => blank(span));
}

/** Reference definitions (`[label]: url "title"`), by label, case- and space-insensitive. */
export function referenceDefinitions(source: string): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const match of source.matchAll(/^ {0,3}\[([^\]\n]+)\]:[ \t]*(<[^>\n]*>|\S+)/gm)) {
    const label = normaliseLabel(match[1]!);
    if (!definitions.has(label)) definitions.set(label, match[2]!.replace(/^<|>$/g, ''));
  }
  return definitions;
}

export const normaliseLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();
