/** The part of a zod schema we use, kept structural so this file does not import zod. */
interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * Validates a response body against its contract schema. A mismatch throws one readable
 * message (shown in the error toast) instead of zod's issue list.
 *
 * The features that call the API with an access token alone (audits, jobs) declare what they
 * return with @altwise/sdk's types, generated from the served OpenAPI document (CI's sdk:check
 * keeps them current). The zod schema is what the server serialises with only while the route
 * says so; the served document is what the route really answers. So a route that changes its
 * answer, or a schema that changes, breaks the web build: the parsed value no longer fits the
 * declared SDK type, or a component reads a field the SDK type no longer has.
 */
export function parseResponse<T>(schema: Parser<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`The server sent an unexpected ${what} response.`);
  return result.data;
}
