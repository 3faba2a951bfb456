import { errorFromResponse } from './errors.js';

/** An openapi-fetch answer as its typed body, or the API's error as an AltwiseError. */
export async function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): Promise<T> {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw errorFromResponse(result.response, result.error);
}

/** The JSON body of a response (or request) entry of the generated `paths`. */
export type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
