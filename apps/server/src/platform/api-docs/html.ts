// Text for an HTML text node or a quoted attribute: the OpenAPI document is data, never markup.
export { default as escapeHtml } from 'escape-html';

/** A fragment id from any text: lower-case letters, digits and dashes. */
export function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
