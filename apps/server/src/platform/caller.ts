import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Who is calling: a signed-in user (bearer) or their code (X-API-Key). */
export interface Caller {
  userId: string;
  /** Set when the request came with an API key. */
  apiKeyId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Looks up an active API key; supplied by the api-keys module. */
export type ApiKeyAuthenticator = (rawKey: string) => Promise<Caller | null>;

/** Returns the user id an access token was issued to, or throws a 401; supplied by the auth module. */
export type AccessTokenVerifier = (token: string) => Promise<string>;

export function createAuthGuards(deps: {
  verifyAccessToken: AccessTokenVerifier;
  authenticateApiKey: ApiKeyAuthenticator;
}) {
  async function fromBearer(request: FastifyRequest): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    // Exactly "Bearer <token>": anything after the token is a malformed header, not ignored.
    const token = /^bearer ([^\s]+)$/i.exec(header)?.[1];
    if (!token) throw AppError.unauthorized('Invalid Authorization header');
    return { userId: await deps.verifyAccessToken(token), apiKeyId: null };
  }

  return {
    /** Signed-in users only (the dashboard's own calls). */
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      const caller = await fromBearer(request);
      if (!caller) throw AppError.unauthorized();
      request.caller = caller;
    },

    /** Bearer or X-API-Key (the public API). A key, when present, is what counts. */
    async requireCaller(request: FastifyRequest, _reply: FastifyReply) {
      const rawKey = request.headers['x-api-key'];
      if (typeof rawKey === 'string' && rawKey.length > 0) {
        const caller = await deps.authenticateApiKey(rawKey);
        if (!caller) throw AppError.unauthorized('Invalid or revoked API key');
        request.caller = caller;
        return;
      }
      const caller = await fromBearer(request);
      if (!caller) throw AppError.unauthorized('Send a bearer token or an X-API-Key header');
      request.caller = caller;
    },
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The caller set by a guard; routes behind a guard can rely on it. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw AppError.unauthorized();
  return request.caller;
}
