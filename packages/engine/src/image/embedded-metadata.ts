import * as exifrModule from 'exifr';
import type sharp from 'sharp';

type ExifrApi = Pick<typeof exifrModule, 'parse' | 'sidecar'>;
// exifr ships a UMD build (what Node's ESM loader sees, API under `default`) and an ESM build
// (what Vite/vitest resolve, API as named exports whose default lacks `sidecar`). Take whichever has it.
const exifr: ExifrApi =
  typeof (exifrModule as Partial<ExifrApi>).sidecar === 'function'
    ? exifrModule
    : (exifrModule as unknown as { default: ExifrApi }).default;

/** Descriptions an author embedded in the file, most specific first. All untrusted text. */
export interface EmbeddedDescriptions {
  /** IPTC "Alt Text (Accessibility)", XMP Iptc4xmpCore:AltTextAccessibility. */
  readonly altText?: string;
  /** IPTC "Extended Description (Accessibility)", XMP Iptc4xmpCore:ExtDescrAccessibility. */
  readonly extendedDescription?: string;
  /** XMP dc:description. */
  readonly description?: string;
  /** EXIF IFD0 ImageDescription. */
  readonly exifDescription?: string;
  /** IPTC-IIM Caption/Abstract (2:120), the legacy home of the same text. */
  readonly iptcCaption?: string;
}

// Cameras and editors fill description fields with their own names or defaults;
// those say nothing about the picture and must not become alt text.
const BOILERPLATE = [
  /^(olympus|sony|nikon|canon|samsung|kodak|fujifilm|panasonic|pentax|minolta)\b.*\b(camera|dsc|digital)\b/i,
  /^(sony )?dsc$/i,
  /^(default|untitled|image|picture|photo|description|none|null|n\/a|-+|\.+|\s*)$/i,
  /^(created|edited) with\b/i,
];

export function isMeaningfulDescription(text: string | undefined): text is string {
  if (!text) return false;
  const trimmed = text.trim();
  return trimmed.length > 1 && !BOILERPLATE.some((pattern) => pattern.test(trimmed));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** exifr leaves XML entities encoded in XMP values. */
function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
    const code =
      entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An XMP Lang Alt comes back as a string, a {lang, value} or a list of them; prefer x-default. */
function langAlt(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number')
    return decodeXmlEntities(String(value)).trim() || undefined;
  if (Array.isArray(value)) {
    const preferred = value.find((entry) => (entry as { lang?: string })?.lang === 'x-default') ?? value[0];
    return langAlt(preferred);
  }
  if (typeof value === 'object' && 'value' in value) return langAlt((value as { value: unknown }).value);
  return undefined;
}

function clean(text: string | undefined): string | undefined {
  return isMeaningfulDescription(text) ? text.trim() : undefined;
}

async function readXmp(xmp: Buffer): Promise<Partial<EmbeddedDescriptions>> {
  const parsed = (await exifr.sidecar(xmp, {}, 'xmp')) as
    Record<string, Record<string, unknown> | undefined> | undefined;
  const core = parsed?.Iptc4xmpCore;
  return {
    altText: clean(langAlt(core?.AltTextAccessibility)),
    extendedDescription: clean(langAlt(core?.ExtDescrAccessibility)),
    description: clean(langAlt(parsed?.dc?.description)),
  };
}

async function readExif(exif: Buffer): Promise<string | undefined> {
  // sharp hands back the APP1 payload; exifr wants the TIFF structure after "Exif\0\0".
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const parsed = (await exifr.parse(tiff, {
    ifd0: { pick: ['ImageDescription'] },
    exif: false,
    gps: false,
    interop: false,
    ifd1: false,
  })) as { ImageDescription?: unknown } | undefined;
  return typeof parsed?.ImageDescription === 'string' ? clean(parsed.ImageDescription) : undefined;
}

async function readIptc(iptc: Buffer): Promise<string | undefined> {
  const parsed = (await exifr.sidecar(iptc, {}, 'iptc')) as { Caption?: unknown } | undefined;
  const caption = typeof parsed?.Caption === 'string' ? parsed.Caption : undefined;
  if (!caption) return undefined;
  // exifr reads IIM as Latin-1; modern writers store UTF-8, so prefer that when it decodes cleanly.
  const utf8 = Buffer.from(caption, 'latin1').toString('utf8');
  return clean(utf8.includes('\uFFFD') ? caption : utf8);
}

function settle<T>(promise: Promise<T>): Promise<T | undefined> {
  // A malformed metadata block must never fail the image: the picture is still usable.
  return promise.catch(() => undefined);
}

/**
 * Reads embedded descriptions from the blocks of a header sharp has already read (the loader's),
 * so the file is not parsed twice. Pure JavaScript: it runs on the main thread while libvips decodes.
 */
export async function descriptionsFromBlocks(
  blocks: Pick<sharp.Metadata, 'xmp' | 'exif' | 'iptc'>,
): Promise<EmbeddedDescriptions> {
  if (!blocks.xmp && !blocks.exif && !blocks.iptc) return {};
  const [xmp, exifDescription, iptcCaption] = await Promise.all([
    blocks.xmp ? settle(readXmp(blocks.xmp)) : undefined,
    blocks.exif ? settle(readExif(blocks.exif)) : undefined,
    blocks.iptc ? settle(readIptc(blocks.iptc)) : undefined,
  ]);
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...xmp, exifDescription, iptcCaption })) {
    if (value) result[key] = value;
  }
  return result as EmbeddedDescriptions;
}

/** The best embedded text for an alt attribute, in order of authorial intent. */
export function bestEmbeddedAlt(metadata: EmbeddedDescriptions): string | undefined {
  return metadata.altText ?? metadata.description ?? metadata.iptcCaption ?? metadata.exifDescription;
}
