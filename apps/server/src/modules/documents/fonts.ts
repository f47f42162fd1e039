import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * The TrueType/OpenType font a WOFF 1.0 file wraps: its tables inflated, behind an sfnt header.
 * IBM's package ships the fonts as WOFF only, and the PDF generator reads TrueType or OpenType.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressedLength = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    const data = compressedLength < length ? zlib.inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('a WOFF table does not inflate to its length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });

  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * IBM Plex Sans Arabic, regular and semibold: the app's Arabic face, whose Latin letters and digits
 * are IBM Plex Sans, so one family sets both languages and the mixed text between them.
 */
let loaded: Buffer[] | undefined;

export function documentFonts(): Buffer[] {
  // Read and unwrapped once: a worker started again after a stop takes the same fonts.
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const folder = path.join(path.dirname(require.resolve('@ibm/plex-sans-arabic/package.json')), 'fonts/complete/woff');
  loaded = ['Regular', 'SemiBold'].map((weight) => woffToSfnt(readFileSync(path.join(folder, `IBMPlexSansArabic-${weight}.woff`))));
  return loaded;
}
