import { deflateRawSync } from 'node:zlib';

/**
 * A zip written byte by byte, so a test can make the hostile ones no zip tool would: a header that
 * lies about a size, a `..` or absolute name, a symbolic link, an encrypted flag, a bomb.
 */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer;
  /** Deflate (the default) or store. */
  method?: 'deflate' | 'store';
  /** The uncompressed size the headers claim (default: the real one). */
  declaredSize?: number;
  /** Unix mode in the external attributes, e.g. 0o120777 for a symbolic link (default 0o100644, or 0o40755 for a name ending in "/"). */
  mode?: number;
  /** Sets the "encrypted" flag (the data is left as is: the reader must refuse before inflating). */
  encrypted?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method === 'store' ? 0 : 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const size = entry.declaredSize ?? data.length;
    const flags = 0x0800 | (entry.encrypted ? 0x0001 : 0);
    const crc = crc32(data);
    const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o40755 : 0o100644);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode is read
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
