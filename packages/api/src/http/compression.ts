import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers above 1 KB (JSON of the API, the HTML pages) with brotli or gzip, as the
 * client accepts. Brotli at quality 5: most of the gain for a few milliseconds, where
 * 11 costs tens. Built assets are compressed once at build time and leave as they are
 * (`preCompressed` in spa.ts: they carry Content-Encoding already, which this hook respects).
 * Registered before the routes: the plugin hooks into each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
    zlibOptions: { level: 6 },
  });
}
