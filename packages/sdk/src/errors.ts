/** Every failure the API answered, typed: the API's error code, the HTTP status, and when to retry. */
export class AltwiseError extends Error {
  override readonly name = 'AltwiseError';

  constructor(
    /** The API's error code (quota_exceeded, url_not_allowed, …); network_error when no answer came. */
    readonly code: string,
    message: string,
    /** The HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Seconds the server asked to wait (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isAltwiseError(value: unknown): value is AltwiseError {
  return value instanceof AltwiseError;
}

/** Retry-After in seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * An answer without the API's error body: whoever answered is named, since the usual cause is a
 * URL that points at some other server (a dev server on another port, a proxy's error page).
 */
function foreignAnswer(response: Response): string {
  if (!response.url) return `The API answered HTTP ${response.status}`;
  const said = `${response.url} answered HTTP ${response.status}, not an Altwise API error`;
  return response.status === 404 || response.status === 405 ? `${said}: is ${new URL(response.url).origin} the Altwise server?` : said;
}

/** The API's `{ error: { code, message, details } }` body (already parsed) as an AltwiseError. */
export function errorFromResponse(response: Response, body: unknown): AltwiseError {
  const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | null | undefined)?.error;
  return new AltwiseError(
    error?.code ?? `http_${response.status}`,
    error?.message ?? foreignAnswer(response),
    response.status,
    parseRetryAfter(response.headers.get('retry-after')),
    error?.details,
  );
}

/**
 * No answer at all (refused, unknown host, reset). The message names the server and the cause, as
 * a bare "fetch failed" leaves a new user guessing which server was meant; details.url is the request's.
 */
export function networkError(baseUrl: string, request: Request, error: unknown): AltwiseError {
  const cause = (error as { cause?: { message?: string; code?: string } } | null)?.cause;
  const why = cause?.message || cause?.code || (error as Error | null)?.message || String(error);
  return new AltwiseError('network_error', `Could not reach the Altwise API at ${baseUrl} (${why})`, 0, null, { url: request.url });
}
