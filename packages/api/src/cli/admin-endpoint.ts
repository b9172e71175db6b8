import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { runAdminCommand } from './commands';

/** Where a running server on the embedded database tells the CLI how to reach it. */
export function adminFile(dataDir: string): string {
  return join(dataDir, 'admin.json');
}

const runSchema = z.object({ argv: z.array(z.string().max(500)).max(50) }).strict();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * PGlite allows one process per data directory, so while the server runs, admin commands reach
 * it here: loopback only, with a random token that only a reader of DATA_DIR (mode 0600) knows.
 */
export function registerAdminEndpoint(app: FastifyInstance, dataDir: string) {
  const token = randomBytes(32);
  app.post('/admin/run', async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''), 'base64url');
    const allowed = LOOPBACK.has(request.socket.remoteAddress ?? '') && given.length === token.length;
    if (!allowed || !timingSafeEqual(given, token)) throw new ApiError('forbidden');
    const body = runSchema.safeParse(request.body);
    if (!body.success) throw new ApiError('validation_failed');
    const lines: string[] = [];
    const code = await runAdminCommand(
      app.ctx.db,
      body.data.argv,
      (line) => lines.push(line),
      app.ctx.secrets,
      app.ctx.config,
    );
    return reply.send({ code, output: lines.join('\n') });
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    writeFileSync(adminFile(dataDir), JSON.stringify({ port, token: token.toString('base64url') }), {
      mode: 0o600,
    });
  });
  app.addHook('onClose', async () => rmSync(adminFile(dataDir), { force: true }));
}
