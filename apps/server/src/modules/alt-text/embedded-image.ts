import type { MetadataWriterErrorCode, WrittenImage } from '@altwise/engine';
import { EXIFTOOL_MISSING, exiftoolAvailable, isMetadataWriterError, requireWritableImage, writeAccessibilityMetadata } from '@altwise/engine';
import type { AltTextResult, EmbeddedImage, ErrorCode } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import type { ErrorStatus } from '../../platform/errors';

const MAPPING: Record<MetadataWriterErrorCode, { code: ErrorCode; status: ErrorStatus }> = {
  unavailable: { code: 'service_unavailable', status: 503 },
  unsupported_type: { code: 'unsupported_media_type', status: 415 },
  too_many_pixels: { code: 'payload_too_large', status: 413 },
  undecodable: { code: 'image_undecodable', status: 422 },
  timeout: { code: 'service_unavailable', status: 503 },
};

/** What is written: a single request's result, or a job item's accepted one. */
type Written = Pick<AltTextResult, 'altText' | 'longDescription' | 'isDecorative'>;

function toAppError(error: unknown): unknown {
  if (!isMetadataWriterError(error)) return error;
  const { code, status } = MAPPING[error.code];
  return new AppError(code, error.message, status);
}

/**
 * `embed: "iptc"` (docs/files.md): the upload answered back with its alt text in its own XMP,
 * written by exiftool (engine/metadata-writer). `check` runs before the generation is charged, so
 * an upload that cannot take the fields, or a server without exiftool, costs the caller nothing.
 */
export function createImageEmbedder(options: { command: string }) {
  /** Whether exiftool runs here (a 503 before any work otherwise). */
  async function requireAvailable(): Promise<void> {
    if (!(await exiftoolAvailable(options))) throw new AppError('service_unavailable', EXIFTOOL_MISSING, 503);
  }

  /**
   * The upload with the result's alt text and long description, in x-default and `language`;
   * `suffix` ("(AI-generated)") is added to the written fields only.
   */
  async function write(bytes: Buffer, result: Written, language: string, suffix?: string): Promise<WrittenImage> {
    const marked = (text: string | undefined) => (text && suffix ? `${text} ${suffix}` : text);
    try {
      // A decorative image has no alt text to carry: the field is left as it was.
      const altText = result.isDecorative ? undefined : marked(result.altText);
      return await writeAccessibilityMetadata(bytes, [{ language, altText, longDescription: marked(result.longDescription) }], options);
    } catch (error) {
      throw toAppError(error);
    }
  }

  return {
    requireAvailable,
    async check(bytes: Buffer): Promise<void> {
      await requireAvailable();
      await requireWritableImage(bytes).catch((error: unknown) => {
        throw toAppError(error);
      });
    },
    /** As bytes: a job's images.zip. */
    write,
    /** As the single request's `embedded` (base64). */
    async embed(bytes: Buffer, result: Written, language: string, suffix?: string): Promise<EmbeddedImage> {
      const written = await write(bytes, result, language, suffix);
      return { mimeType: written.mimeType, data: written.bytes.toString('base64') };
    },
  };
}

export type ImageEmbedder = ReturnType<typeof createImageEmbedder>;
