import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withIptcCaption, xmpPacket } from '../../test/image-fixtures';
import { bestEmbeddedAlt, descriptionsFromBlocks, isMeaningfulDescription } from './embedded-metadata';

// The loader's path: sharp reads the header once, the blocks are parsed from it.
const readEmbeddedDescriptions = async (bytes: Buffer) => descriptionsFromBlocks(await sharp(bytes).metadata());

const base = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } });

const FIELDS = {
  altText: 'Two hikers on a ridge at sunset',
  extendedDescription: 'The hikers stand on a rocky ridge; the sun sets behind distant peaks.',
  description: 'Ridge walk, Lake District &amp; friends',
};

describe('descriptionsFromBlocks', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'reads IPTC accessibility fields and dc:description from XMP in %s',
    async (format) => {
      const bytes = await base().toFormat(format).withXmp(xmpPacket(FIELDS)).toBuffer();
      expect(await readEmbeddedDescriptions(bytes)).toEqual({
        altText: FIELDS.altText,
        extendedDescription: FIELDS.extendedDescription,
        description: 'Ridge walk, Lake District & friends',
      });
    },
  );

  it('reads EXIF ImageDescription', async () => {
    const bytes = await base()
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'A red bicycle against a wall' } })
      .toBuffer();
    expect(await readEmbeddedDescriptions(bytes)).toEqual({
      exifDescription: 'A red bicycle against a wall',
    });
  });

  it('reads an IPTC-IIM caption written in UTF-8', async () => {
    const bytes = withIptcCaption(await base().jpeg().toBuffer(), 'Café terrace in Arles');
    expect(await readEmbeddedDescriptions(bytes)).toEqual({ iptcCaption: 'Café terrace in Arles' });
  });

  it('ignores camera boilerplate', async () => {
    const bytes = await base()
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'OLYMPUS DIGITAL CAMERA' } })
      .toBuffer();
    expect(await readEmbeddedDescriptions(bytes)).toEqual({});
    expect(isMeaningfulDescription('SONY DSC')).toBe(false);
    expect(isMeaningfulDescription('untitled')).toBe(false);
    expect(isMeaningfulDescription('A dog asleep on a sofa')).toBe(true);
  });

  it('returns nothing for a file without metadata', async () => {
    expect(await readEmbeddedDescriptions(await base().png().toBuffer())).toEqual({});
  });

  it('prefers the accessibility alt text over other descriptions', () => {
    expect(bestEmbeddedAlt({ altText: 'a', description: 'b', exifDescription: 'c' })).toBe('a');
    expect(bestEmbeddedAlt({ description: 'b', exifDescription: 'c' })).toBe('b');
    expect(bestEmbeddedAlt({ exifDescription: 'c' })).toBe('c');
    expect(bestEmbeddedAlt({})).toBeUndefined();
  });
});
