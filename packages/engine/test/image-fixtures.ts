// Deterministic test images, generated with sharp so no binary needs reviewing.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small seeded PRNG (mulberry32) so "noise" is the same on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const solid = (width: number, height: number, background: string | sharp.RGBA, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

export const redSquarePng = () => solid(64, 64, '#e01010').png().toBuffer();

export const transparentSpacerGif = () => solid(1, 1, { r: 0, g: 0, b: 0, alpha: 0 }, 4).gif().toBuffer();

export const fullyTransparentPng = () =>
  solid(40, 40, { r: 255, g: 255, b: 255, alpha: 0 }, 4).png().toBuffer();

/** Smooth shapes plus noise: many grey levels, like a black-and-white photograph. */
export async function greyNoiseJpeg(width = 320, height = 240): Promise<Buffer> {
  const random = seeded(42);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = 128 + 70 * Math.sin(x / 17) * Math.cos(y / 23) + (random() - 0.5) * 80;
      pixels[y * width + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Blue sky over green ground, with texture: a colour "photograph" in blue and green. */
export async function landscapePhotoJpeg(width = 400, height = 300): Promise<Buffer> {
  const random = seeded(7);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const noise = (random() - 0.5) * 50;
      const sky = y < height * 0.55;
      const base = sky ? [60 + y / 4, 120 + y / 5, 220] : [50 + x / 20, 150 - y / 10, 40];
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = Math.max(0, Math.min(255, Math.round(base[channel]! + noise)));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A 728 x 90 leaderboard banner: blue with a white band. Few colours: a graphic. */
export async function bannerPng(): Promise<Buffer> {
  const band = await solid(728, 30, '#ffffff').png().toBuffer();
  return solid(728, 90, '#1040c0')
    .composite([{ input: band, top: 30, left: 0 }])
    .png()
    .toBuffer();
}

export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#0000ff'].map((colour) => solid(32, 32, colour).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

/** A large colourful image for downscaling tests. */
export const largeJpeg = (width = 3000, height = 2000) => solid(width, height, '#3366cc').jpeg().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG header claiming width x height, with a tiny body: a decompression bomb's shape. */
export function bombPng(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface XmpFields {
  altText?: string;
  extendedDescription?: string;
  description?: string;
}

const langAlt = (value: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${value}</rdf:li></rdf:Alt>`;

export function xmpPacket(fields: XmpFields): string {
  return [
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">',
    fields.description ? `<dc:description>${langAlt(fields.description)}</dc:description>` : '',
    fields.altText
      ? `<Iptc4xmpCore:AltTextAccessibility>${langAlt(fields.altText)}</Iptc4xmpCore:AltTextAccessibility>`
      : '',
    fields.extendedDescription
      ? `<Iptc4xmpCore:ExtDescrAccessibility>${langAlt(fields.extendedDescription)}</Iptc4xmpCore:ExtDescrAccessibility>`
      : '',
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
  ].join('');
}

/** Inserts an IPTC-IIM APP13 block (Caption/Abstract 2:120, UTF-8) after a JPEG's SOI marker. */
export function withIptcCaption(jpeg: Buffer, caption: string): Buffer {
  const text = Buffer.from(caption, 'utf8');
  const records = Buffer.concat([
    Buffer.from([0x1c, 0x01, 0x5a, 0x00, 0x03, 0x1b, 0x25, 0x47]), // 1:90 coded character set = UTF-8
    Buffer.from([0x1c, 0x02, 0x78, text.length >> 8, text.length & 0xff]),
    text,
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(records.length);
  let resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    records,
  ]);
  if (resource.length % 2) resource = Buffer.concat([resource, Buffer.from([0])]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const marker = Buffer.from([0xff, 0xed, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]);
}
