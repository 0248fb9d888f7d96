/**
 * Zip archives for the tests of XLSX uploads (docs/decisions/0099,
 * addendum): a writer that may lie about sizes, a reader of what exceljs
 * wrote, and the packed bytes of a zip bomb made in milliseconds.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { parseCentralDirectory, parseEndOfArchive } from '../g2/xlsx-archive';

/** One entry of {@link zipOf}: its name and bytes, or bytes already packed and the size it claims. */
export type ZipPart =
  | { name: string; data: Buffer }
  | { name: string; packed: Buffer; declaredSize: number };

/**
 * The fields a local header (at 4) and a central directory entry (at 6)
 * share, in the same order: version needed (2.0), flags (UTF-8 name),
 * method (deflate), the time and date left 0, the CRC-32, the packed and
 * unpacked sizes and the name's length.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: { crc: number; packedSize: number; size: number; nameLength: number },
): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x800, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.packedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

/**
 * A zip archive of `parts`, each deflated (or packed as given, with the
 * size it declares, which may be a lie), sizes in the local headers; the
 * parts named in `unlisted` are written but left out of the central
 * directory (hidden from a reader that trusts it).
 */
export function zipOf(
  parts: readonly ZipPart[],
  unlisted: readonly string[] = [],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = 'data' in part ? deflateRawSync(part.data) : part.packed;
    const size = 'data' in part ? part.data.length : part.declaredSize;
    const crc = 'data' in part ? crc32(part.data) : 0;
    const entry = {
      crc,
      packedSize: packed.length,
      size,
      nameLength: name.length,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    if (!unlisted.includes(part.name)) centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const listed = parts.length - unlisted.length;
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a zip archive (an XLSX workbook exceljs wrote), unpacked. */
export function entriesOf(zip: Buffer): { name: string; data: Buffer }[] {
  const tailStart = Math.max(0, zip.length - 22 - 0xffff);
  const end = parseEndOfArchive(zip.subarray(tailStart), tailStart);
  const entries = parseCentralDirectory(
    zip.subarray(end.directoryOffset, end.directoryOffset + end.directorySize),
    end.entries,
  );
  return entries.map((entry) => {
    const at = entry.localOffset;
    const start =
      at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const packed = zip.subarray(start, start + entry.compressedSize);
    return {
      name: entry.name,
      data: entry.method === 8 ? inflateRawSync(packed) : Buffer.from(packed),
    };
  });
}

const MiB = 1024 * 1024;

/**
 * A raw deflate stream unpacking to `mebibytes` MiB of zeros, made without
 * deflating them: one MiB deflated with a full flush (byte-aligned, not
 * final), repeated, then an empty final block. About 1 KiB per MiB.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), {
    finishFlush: constants.Z_FULL_FLUSH,
  });
  return Buffer.concat([
    ...Array.from({ length: mebibytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}
