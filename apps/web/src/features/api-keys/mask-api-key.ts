/** How many dots stand in for the hidden middle of a key. */
export const MASK_DOTS = '••••••••';

/**
 * A key as shown by default (docs/product-decisions.md#api-keys): the first 12 characters, dots, the last 4.
 * Keys too short to keep 16 characters visible show only their last 4.
 */
export function maskApiKey(key: string): string {
  // The server lists keys already masked (`ak_live_…WXYZ`): only the dots change.
  if (key.includes('…')) return key.replace('…', MASK_DOTS);
  if (key.length <= 16) return `${MASK_DOTS}${key.slice(-4)}`;
  return `${key.slice(0, 12)}${MASK_DOTS}${key.slice(-4)}`;
}

/** The last four characters, which name a key in labels ("Delete API key ending in 9f3a"). */
export function keyEnding(key: string): string {
  return key.slice(-4);
}
