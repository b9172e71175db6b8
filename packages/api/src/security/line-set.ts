/**
 * The lines of a text file as a set, held as the file's bytes and a hash table of line offsets
 * (typed arrays, outside the V8 heap): for the 100,000-line common-password list that is ~2 MB,
 * where a `Set<string>` of its lines kept ~7 MB of heap for the life of the server
 * (decision 0061). A line counts as an entry once trimmed of ASCII whitespace, unless it is
 * empty or starts with `#` (a comment); membership compares the UTF-8 bytes exactly.
 */
export class LineSet {
  readonly size: number;
  private readonly bytes: Uint8Array;
  /** Per slot: the entry's first byte + 1 (0 = empty slot). */
  private readonly starts: Uint32Array;
  /** Per slot: the entry's length in bytes. */
  private readonly lengths: Uint32Array;
  private readonly mask: number;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    const entries = entryRanges(bytes);
    // Open addressing with linear probing, at most half full: a few probes per lookup.
    let slots = 8;
    while (slots < entries.length) slots *= 2; // entries holds two offsets per line

    this.mask = slots - 1;
    this.starts = new Uint32Array(slots);
    this.lengths = new Uint32Array(slots);
    let size = 0;
    for (let i = 0; i < entries.length; i += 2) {
      const start = entries[i] as number;
      const end = entries[i + 1] as number;
      const slot = this.find(bytes, start, end);
      if (this.starts[slot] !== 0) continue; // a duplicate line
      this.starts[slot] = start + 1;
      this.lengths[slot] = end - start;
      size++;
    }
    this.size = size;
  }

  has(value: string): boolean {
    const key = Buffer.from(value, 'utf8');
    return this.starts[this.find(key, 0, key.length)] !== 0;
  }

  /** The slot that holds `key[start, end)`, or the empty slot where it would go. */
  private find(key: Uint8Array, start: number, end: number): number {
    let slot = fnv1a(key, start, end) & this.mask;
    for (;;) {
      const entryStart = this.starts[slot] as number;
      if (entryStart === 0) return slot;
      if (this.lengths[slot] === end - start && sameBytes(this.bytes, entryStart - 1, key, start, end))
        return slot;
      slot = (slot + 1) & this.mask;
    }
  }
}

/** [start, end) byte offsets of every entry line, trimmed, comments and blank lines left out. */
function entryRanges(bytes: Uint8Array): number[] {
  const ranges: number[] = [];
  let lineStart = 0;
  while (lineStart <= bytes.length) {
    let lineEnd = bytes.indexOf(NEWLINE, lineStart);
    if (lineEnd < 0) lineEnd = bytes.length;
    let start = lineStart;
    let end = lineEnd;
    while (start < end && isAsciiWhitespace(bytes[start] as number)) start++;
    while (end > start && isAsciiWhitespace(bytes[end - 1] as number)) end--;
    if (end > start && bytes[start] !== HASH_SIGN) ranges.push(start, end);
    lineStart = lineEnd + 1;
  }
  return ranges;
}

const NEWLINE = 0x0a;
const HASH_SIGN = 0x23;
const isAsciiWhitespace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

/** 32-bit FNV-1a of `bytes[start, end)`. */
function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash >>> 0;
}

function sameBytes(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number, bEnd: number): boolean {
  for (let i = 0; i < bEnd - bStart; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}
