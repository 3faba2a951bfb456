import { AppError } from '../../platform/errors';

/** Where a history page ends: the (created_at, id) of its last row, newest-first order. */
export interface HistoryCursor {
  createdAt: number;
  id: string;
}

/** Opaque to clients on purpose: its shape may change without breaking anyone. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string): HistoryCursor {
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
