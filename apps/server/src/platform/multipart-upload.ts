import { NUL_CHARACTER_MESSAGE } from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

/** One uploaded file and the text fields that came with it (multipart/form-data). */
export interface Upload {
  bytes: Buffer;
  fileName: string | undefined;
  fields: Record<string, string>;
}

/** A multipart form with the image as its `file` part and these text fields, for the API docs. */
export function uploadFormDocs(fields: z.ZodObject = z.object({})) {
  return fields.extend({ file: z.file().describe('The image: JPEG, PNG, GIF, WebP or AVIF') });
}

/** Limits for @fastify/multipart, registered inside each route plugin that takes files. */
export function multipartLimits(maxFileBytes: number) {
  // Text fields carry context (2,000 characters, up to 4 bytes each) and a few options (eleven at most:
  // the generation options, embed and embedSuffix).
  return { fileSize: maxFileBytes, files: 1, fields: 12, fieldSize: 16 * 1024, parts: 14 };
}

function requiredFile(message: string): AppError {
  return new AppError('validation_failed', message, 400, [{ field: 'file', message }]);
}

/**
 * Reads a multipart body: the `file` part into memory (the byte cap is enforced while streaming,
 * 413 past it) and every text field. A malformed body is the client's fault, so it is a 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename || undefined };
      } else {
        if (part.valueTruncated) {
          throw new AppError('validation_failed', `Field ${part.fieldname} is too long`, 400, [
            { field: part.fieldname, message: 'Too long' },
          ]);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    // 413s (file too large, too many files or parts) keep their meaning; the rest is a bad body.
    if (status === 413) throw error;
    throw AppError.badRequest('The multipart body could not be read');
  }
  if (!file) throw requiredFile('Attach the image as a "file" field');
  if (file.bytes.length === 0) throw requiredFile('The uploaded file is empty');
  if (file.fileName?.includes('\u0000')) throw requiredFile(NUL_CHARACTER_MESSAGE);
  return { ...file, fields };
}
