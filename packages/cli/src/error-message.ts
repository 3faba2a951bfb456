import { isAltwiseError } from '@altwise/sdk';
import { DEFAULT_URL } from './config';

/**
 * One line for a failure. The SDK's message already names the server; when none answered, the line
 * also says what a new user most likely needs: a running server, or the URL of the one they meant.
 */
export function errorMessage(error: unknown): string {
  if (!isAltwiseError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 0) {
    const hint = error.code === 'network_error' ? `: is the server running? \`npm start\` serves ${DEFAULT_URL}; --url or ALTWISE_URL names another` : '';
    return `${error.message}${hint}`;
  }
  return `${error.message} (${error.code}, HTTP ${error.status})`;
}

/** A failure every following request would meet the same way: no server answers, or it refuses the key. */
export function failsEveryRequest(error: unknown): boolean {
  return isAltwiseError(error) && (error.code === 'network_error' || error.status === 401);
}
