// A WOFF 1.0 font unpacked into the plain TrueType/OpenType file it wraps. fontkit reads a WOFF
// font by inflating a compressed table again each time it reads from it (the whole glyf table for
// every glyph), which made most of an invoice's cost; the unpacked file is read in place.
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

const padded = (length: number) => (length + 3) & ~3;

/** The sfnt file a WOFF 1.0 font holds, tables in the WOFF's order (by tag), 4-byte aligned. */
export function sfntFromWoff(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.length < WOFF_HEADER_BYTES || input.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('not a WOFF 1.0 font');
  }
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const offset = input.readUInt32BE(entry + 4);
    const compLength = input.readUInt32BE(entry + 8);
    const origLength = input.readUInt32BE(entry + 12);
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not unpack to its length');
    return { tag: input.readUInt32BE(entry), checksum: input.readUInt32BE(entry + 16), data };
  });

  const directoryEnd = SFNT_HEADER_BYTES + numTables * SFNT_ENTRY_BYTES;
  const size = tables.reduce((total, table) => total + padded(table.data.length), directoryEnd);
  const output = Buffer.alloc(size);
  // searchRange, entrySelector and rangeShift as the OpenType specification derives them.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(numTables, 4);
  output.writeUInt16BE(searchRange, 6);
  output.writeUInt16BE(entrySelector, 8);
  output.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = directoryEnd;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    output.writeUInt32BE(table.tag, entry);
    output.writeUInt32BE(table.checksum, entry + 4);
    output.writeUInt32BE(offset, entry + 8);
    output.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(output, offset);
    offset += padded(table.data.length);
  });
  return output;
}
