import { AppError } from './errors';

/** The optional data: URL prefix of `imageData` (data:image/png;base64,). */
export const DATA_URL_PREFIX = /^data:[\w/+.-]+;base64,/i;

/** How many bytes base64 text decodes to, from its length and trailing "=" count; -1 when no valid text has that shape. */
function decodedLength(length: number, padding: number): number {
  const digits = length - padding;
  if (digits % 4 === 1 || (padding > 0 && length % 4 !== 0)) return -1;
  return Math.floor((digits * 3) / 4);
}

function trailingPadding(length: number, codeAt: (index: number) => number): number {
  let padding = 0;
  while (padding < 2 && padding < length && codeAt(length - 1 - padding) === 0x3d /* = */) padding += 1;
  return padding;
}

/** Base64 text still in a request's bytes is decoded this many characters at a time (a multiple of 4). */
const DECODE_CHUNK_CHARS = 64 * 1024;

/**
 * The fast path of decodeBase64Image for base64 text that is still bytes (a span of a JSON body),
 * decoded a chunk at a time so it never becomes one large string (see image-json-body.ts). The
 * same rule as the string fast path: Node's decoder skips any character outside both alphabets,
 * so each chunk decodes to exactly 3/4 of its length only when every character was a digit.
 * Undefined when that rule does not hold (whitespace, stray characters, misplaced padding, empty):
 * the caller then takes the string path, with its strict check and its 400.
 */
export function decodeBase64Bytes(text: Buffer): Buffer | undefined {
  const expected = decodedLength(text.length, trailingPadding(text.length, (index) => text[index]!));
  if (expected <= 0) return undefined;
  const bytes = Buffer.allocUnsafe(expected);
  let written = 0;
  for (let start = 0; start < text.length; start += DECODE_CHUNK_CHARS) {
    const end = Math.min(text.length, start + DECODE_CHUNK_CHARS);
    const chunk = text.toString('latin1', start, end);
    const wanted = end === text.length ? expected - written : ((end - start) * 3) / 4;
    if (bytes.write(chunk, written, 'base64') !== wanted) return undefined;
    written += wanted;
  }
  return bytes;
}

/** Decodes `imageData`: plain base64 or a data: URL. Anything else is the client's mistake (400). */
export function decodeBase64Image(imageData: string): Buffer {
  const invalid = () =>
    new AppError('validation_failed', 'imageData must be base64-encoded image bytes', 400, [
      { field: 'imageData', message: 'imageData must be base64-encoded image bytes' },
    ]);
  const unprefixed = imageData.replace(DATA_URL_PREFIX, '');
  // Fast path, no scan of the text: Node's decoder takes both alphabets and silently skips any
  // other character, so the output has exactly the length the text implies only when every
  // character was a base64 digit (one skipped digit always shortens it, given that a length of
  // 4n+1 is refused). Anything else (whitespace, stray characters) takes the strict path below.
  const expected = decodedLength(unprefixed.length, trailingPadding(unprefixed.length, (index) => unprefixed.charCodeAt(index)));
  if (expected > 0) {
    const bytes = Buffer.from(unprefixed, 'base64');
    if (bytes.length === expected) return bytes;
  }
  const payload = unprefixed.replace(/\s+/g, '');
  // Both alphabets (standard and URL-safe); padding optional but only at the end.
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length % 4 === 1) throw invalid();
  const bytes = Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
  if (bytes.length === 0) throw invalid();
  return bytes;
}
