// Brotli and gzip copies of every built text asset, made once at build time at the
// highest levels; the server sends the one the browser accepts (@fastify/static `preCompressed`).
// HTML is not among them: the server fills it in per request (packages/api/src/http/spa.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest|xml)$/;
const SKIP = new Set(['prerendered', '.vite']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy no smaller than the file is useless: the server then sends the file itself.
  if (br.length < content.length) writeFileSync(`${path}.br`, br);
  if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  raw += content.length;
  brotli += Math.min(br.length, content.length);
}
console.info(
  `compressed ${count} files: ${(raw / 1000).toFixed(1)} KB → ${(brotli / 1000).toFixed(1)} KB brotli`,
);
