import { Marked } from 'marked';
import type { Token, Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import escapeHtml from 'escape-html';

/**
 * Operator Markdown to HTML that is safe to insert into the page. Two layers: raw HTML in the file
 * is escaped (shown as text, never parsed), and the result goes through an allowlist sanitiser
 * (no script, style, event handler, image or iframe; links only http, https and mailto).
 * Headings start at <h2>: the page's own <h1> is the document's title.
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => (token.block ? `<p>${escapeHtml(token.text.trim())}</p>\n` : escapeHtml(token.text)),
    // No images in a legal text: its alternative text stands in.
    image: (token: Tokens.Image) => escapeHtml(token.text),
  },
});

/** The document's highest remaining heading becomes an <h2>, and the others keep their distance below it. */
function headingsFromLevelTwo(tokens: Token[]): void {
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  const shift = 2 - Math.min(...headings.map((heading) => heading.depth));
  for (const heading of headings) heading.depth = Math.min(Math.max(heading.depth + shift, 2), 6);
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], th: ['align'], td: ['align'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export interface RenderedDocument {
  /** The first top-level heading (`# …`) when the file starts with one, else null. */
  title: string | null;
  html: string;
}

export function renderMarkdown(source: string): RenderedDocument {
  const tokens = marked.lexer(source);
  const first = tokens.findIndex((token) => token.type !== 'space');
  let title: string | null = null;
  const lead = tokens[first];
  if (lead?.type === 'heading' && (lead as Tokens.Heading).depth === 1) {
    // Plain text: the page shows it as a text node, never as HTML.
    title = (lead as Tokens.Heading).text.trim() || null;
    tokens.splice(first, 1);
  }
  headingsFromLevelTwo(tokens);
  const html = sanitizeHtml(marked.parser(tokens), SANITIZE);
  return { title, html };
}
