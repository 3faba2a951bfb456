import { AppError } from './errors';

/**
 * Where a newest-first list page ends: the (created_at, id) of its last row. The generations history
 * and the audits list page this way.
 */
export interface KeysetCursor {
  createdAt: number;
  id: string;
}

/** Opaque to clients on purpose: its shape may change without breaking anyone. */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string): KeysetCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0] as number, id: value[1] };
    }
  } catch {
    // Falls through to the one client-facing answer below.
  }
  throw new AppError('validation_failed', 'Invalid cursor', 400, [{ field: 'cursor', message: 'Invalid cursor' }]);
}
