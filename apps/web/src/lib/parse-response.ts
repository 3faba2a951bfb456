/** The part of a zod schema we use, kept structural so this file does not import zod. */
interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * Validates a response body against its contract schema. A mismatch throws one readable
 * message (shown in the error toast) instead of zod's issue list.
 */
export function parseResponse<T>(schema: Parser<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`The server sent an unexpected ${what} response.`);
  return result.data;
}
