import sharp from 'sharp';
import type { ColourName } from './colour-names';
import { nameColour } from './colour-names';

export interface PixelAnalysis {
  /** Share of pixels that are (mostly) transparent. */
  readonly transparentShare: number;
  readonly fullyTransparent: boolean;
  readonly greyscale: boolean;
  /** Many distinct colours: photograph-like rather than a flat graphic. */
  readonly photographic: boolean;
  readonly significantColours: number;
  /** Named colours covering at least 15% of the visible pixels, largest first. */
  readonly dominantColours: ReadonlyArray<{ readonly name: ColourName; readonly share: number }>;
}

// Below these shares a colour is anti-aliasing or noise, not something a viewer would name.
const SIGNIFICANT_SHARE = 0.002;
const DOMINANT_SHARE = 0.15;
const PHOTOGRAPHIC_COLOURS = 64;

/** Statistics over a small, already downscaled image. Pure function of the pixels: deterministic. */
export async function analysePixels(image: Buffer): Promise<PixelAnalysis> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const total = info.width * info.height;
  const buckets = new Map<number, number>();
  const greyLevels = new Map<number, number>();
  const names = new Map<ColourName, number>();
  let visible = 0;
  let transparent = 0;
  let chromatic = 0;

  for (let offset = 0; offset < data.length; offset += info.channels) {
    const r = data[offset]!;
    const g = data[offset + 1]!;
    const b = data[offset + 2]!;
    const alpha = data[offset + 3]!;
    if (alpha < 16) transparent += 1;
    if (alpha < 128) continue;
    visible += 1;
    const bucket = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3); // 5 bits per channel
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) chromatic += 1;
    const grey = Math.round((r + g + b) / 3);
    greyLevels.set(grey, (greyLevels.get(grey) ?? 0) + 1);
    const name = nameColour(r, g, b);
    names.set(name, (names.get(name) ?? 0) + 1);
  }

  if (visible === 0) {
    return {
      transparentShare: 1,
      fullyTransparent: true,
      greyscale: false,
      photographic: false,
      significantColours: 0,
      dominantColours: [],
    };
  }
  const threshold = Math.max(1, visible * SIGNIFICANT_SHARE);
  const significantColours = [...buckets.values()].filter((count) => count >= threshold).length;
  const greyscale = chromatic / visible < 0.02;
  const significantGreys = [...greyLevels.values()].filter((count) => count >= threshold).length;
  const dominantColours = [...names.entries()]
    .map(([name, count]) => ({ name, share: count / visible }))
    .filter((entry) => entry.share >= DOMINANT_SHARE)
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))
    .slice(0, 3);

  return {
    transparentShare: transparent / total,
    fullyTransparent: false,
    greyscale,
    // Greyscale photos have at most 256 levels and few 5-bit buckets, so count grey levels for them.
    photographic: greyscale
      ? significantGreys > PHOTOGRAPHIC_COLOURS
      : significantColours > PHOTOGRAPHIC_COLOURS,
    significantColours,
    dominantColours,
  };
}
