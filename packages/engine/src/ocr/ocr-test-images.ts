import sharp from 'sharp';
import { seeded } from '../../test/image-fixtures';

// Test images, rendered on the spot: text with known words, and photo-like images with none.

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface TextImageOptions {
  readonly size: number;
  readonly foreground?: string;
  readonly background?: string;
  readonly width?: number;
}

/** Lines of text in DejaVu Sans, one below the other, as a PNG. */
export async function renderText(lines: readonly string[], options: TextImageOptions): Promise<Buffer> {
  const { size, foreground = '#000000', background = '#ffffff' } = options;
  const lineHeight = Math.round(size * 1.6);
  const width = options.width ?? Math.max(...lines.map((line) => line.length)) * size * 0.62 + 2 * size;
  const height = lineHeight * lines.length + 2 * size;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${size}" y="${size + lineHeight * (index + 1) - Math.round(size * 0.5)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" fill="${foreground}">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * "Open Monday to Friday 9 to 5" in 20 px type with "9 to" blurred (a smudge, a fold, a bad
 * scan). Measured with eng best_int: the two blurred words read at about 50 and 70, under
 * WORD_CONFIDENCE; every other word reads at 94 or more.
 */
export async function renderSmudgedHours(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="60"><rect width="100%" height="100%" fill="#ffffff"/><text x="10" y="38" font-family="DejaVu Sans" font-size="20" fill="#000000">Open Monday to Friday 9 to 5</text></svg>`;
  const sharpText = await sharp(Buffer.from(svg)).png().toBuffer();
  const smudge = { left: 245, top: 5, width: 45, height: 50 };
  const blurred = await sharp(sharpText).extract(smudge).blur(1.8).png().toBuffer();
  return sharp(sharpText).composite([{ input: blurred, left: smudge.left, top: smudge.top }]).png().toBuffer();
}

/**
 * Two columns of lines set side by side with a `gutter` px wide between them (a timetable, a
 * flyer): tesseract reads each line straight across both.
 */
export async function renderColumns(
  left: readonly string[],
  right: readonly string[],
  options: { size?: number; columnWidth?: number; gutter?: number } = {},
): Promise<Buffer> {
  const { size = 20, columnWidth = 260, gutter = 40 } = options;
  const lineHeight = Math.round(size * 1.6);
  const column = (x: number, lines: readonly string[]) =>
    lines.map((line, index) => `<text x="${x}" y="${size + lineHeight * (index + 1)}">${escapeXml(line)}</text>`).join('');
  const width = 2 * size + 2 * columnWidth + gutter;
  const height = lineHeight * Math.max(left.length, right.length) + 2 * size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/><g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" fill="#000000">${column(size, left)}${column(size + columnWidth + gutter, right)}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A smooth two-colour gradient with a soft shape on it: a sky, a wall, a product backdrop. */
export async function renderGradient(
  width: number,
  height: number,
  from = '#2a4d69',
  to = '#f4b183',
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="${width / 2}" cy="${height * 0.6}" rx="${width / 4}" ry="${height / 5}" fill="#6b8e23" opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Gaussian noise (mean 128, sigma 60), blurred (foliage, gravel, a crowd far away) or raw (film grain).
 * Seeded, so a test reads the same pixels on every run: libvips' own noise is new each time, and one
 * blurred draw in many (once in CI) made tesseract read four "words" where 40 others read none.
 */
export async function renderNoise(width: number, height: number, blur?: number, seed = 1): Promise<Buffer> {
  const random = seeded(seed);
  // Box-Muller; 1 - random() is never 0, whose logarithm is infinite.
  const uniform = () => 1 - random();
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) {
    const gaussian = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    pixels[index] = Math.max(0, Math.min(255, Math.round(128 + 60 * gaussian)));
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  return blur ? sharp(png).blur(blur).png().toBuffer() : png;
}

/** Share of `expected`'s words found, in order-free comparison, case and punctuation ignored. */
export function wordsRead(expected: string, read: string | undefined): number {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}%]+/gu) ?? [];
  const found = new Map<string, number>();
  for (const word of words(read ?? '')) found.set(word, (found.get(word) ?? 0) + 1);
  const wanted = words(expected);
  let hits = 0;
  for (const word of wanted) {
    const left = found.get(word) ?? 0;
    if (left > 0) {
      hits += 1;
      found.set(word, left - 1);
    }
  }
  return wanted.length === 0 ? 1 : hits / wanted.length;
}
