import * as zlib from 'node:zlib';

/**
 * The node of a key, as upstream's memcache client (gomemcache) picks it: CRC-32 (IEEE) of the
 * key's UTF-8 bytes modulo the number of nodes, over the ordered list. memjs's own choice (a Java
 * string hash) would place keys elsewhere, so during a migration our instances and upstream ones
 * would count in different places; with upstream's they share every counter.
 */
export function nodeIndex(key: string, nodeCount: number): number {
  return nodeCount > 1 ? crc32(key) % nodeCount : 0;
}

/** zlib.crc32 is native from Node 20.15; earlier 20.x releases get the table version. */
const nativeCrc32 = (zlib as { crc32?: (data: string) => number }).crc32;

export function crc32(text: string): number {
  return nativeCrc32 ? nativeCrc32(text) : tableCrc32(text);
}

let table: Uint32Array | undefined;

/** Bitwise-reflected CRC-32 with polynomial 0xEDB88320 (IEEE 802.3), one table lookup per byte. */
export function tableCrc32(text: string): number {
  table ??= buildTable();
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = table[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function buildTable(): Uint32Array {
  const entries = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    entries[n] = c >>> 0;
  }
  return entries;
}
