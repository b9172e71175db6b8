/**
 * Writes a tiny MaxMind DB (format 2.0, IPv4, 24-bit records) mapping one /8 network to one city
 * record, so GeoIP lookups are tested against a real file read by the real `maxmind` reader.
 */

type Value = string | number | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('test values stay short');
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function encode(value: Value, as?: 'uint16' | 'uint32' | 'uint64'): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const type = as === 'uint16' ? 5 : as === 'uint64' ? 9 : 6;
    let hex = value.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    const bytes = value === 0 ? Buffer.alloc(0) : Buffer.from(hex, 'hex');
    return Buffer.concat([control(type, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map((v) => encode(v))]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

function record24(value: number): Buffer {
  return Buffer.from([(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
}

export function writeCityDatabase(firstOctet: number, city: string, isoCode: string): Buffer {
  const nodeCount = 8;
  const data = encode({ city: { names: { en: city } }, country: { iso_code: isoCode } });
  // Node i follows bit i of the first octet; the other branch leads nowhere (node_count).
  const nodes: Buffer[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const bit = (firstOctet >> (7 - i)) & 1;
    const next = i === nodeCount - 1 ? nodeCount + 16 : i + 1; // the last points at data offset 0
    const [left, right] = bit === 0 ? [next, nodeCount] : [nodeCount, next];
    nodes.push(record24(left), record24(right));
  }
  const metadata = Buffer.concat([
    control(7, 9),
    encode('node_count'),
    encode(nodeCount, 'uint32'),
    encode('record_size'),
    encode(24, 'uint16'),
    encode('ip_version'),
    encode(4, 'uint16'),
    encode('database_type'),
    encode('Test-City'),
    encode('languages'),
    encode(['en']),
    encode('binary_format_major_version'),
    encode(2, 'uint16'),
    encode('binary_format_minor_version'),
    encode(0, 'uint16'),
    encode('build_epoch'),
    encode(1_700_000_000, 'uint64'),
    encode('description'),
    encode({ en: 'Vestibule test' }),
  ]);
  return Buffer.concat([
    ...nodes,
    Buffer.alloc(16),
    data,
    Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
    metadata,
  ]);
}
