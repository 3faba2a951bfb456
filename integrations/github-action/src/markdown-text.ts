// Text from a pull request (a src) or a model (an alt text) goes into a GitHub comment, which is
// Markdown: inside code it stays literal, so no @mention, link, image or HTML of it is rendered.

const longestRun = (text: string) => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));

/** Inline code that holds any text, backticks included. */
export function inlineCode(text: string): string {
  const fence = '`'.repeat(longestRun(text) + 1);
  const single = text.replace(/\s+/g, ' ');
  // A space keeps a backtick at either end from joining the fence (Markdown strips one each side).
  const pad = /^`|`$/.test(single) ? ' ' : '';
  return `${fence}${pad}${single}${pad}${fence}`;
}

/** A fenced block (```suggestion, ```text) whose fence is longer than any backtick run inside. */
export function fencedBlock(info: string, text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text) + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}
