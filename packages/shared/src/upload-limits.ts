// Free of zod, so the landing page can import it without the contract's schemas.

/** The largest upload with the default IMAGE_MAX_BYTES; the web app refuses bigger files before sending them. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The public demo's cap (smaller: anyone may call it). */
export const DEMO_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** What the web app says of a file over a cap, before uploading anything. */
export function fileTooLargeMessage(fileName: string, maxBytes: number): string {
  return `"${fileName}" is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`;
}
