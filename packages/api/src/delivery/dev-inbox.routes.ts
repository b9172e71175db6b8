import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INBOX_CSS, renderInboxPage } from './dev-inbox.page';
import { listInboxMessages } from './inbox.queries';

const MAX_TO_LENGTH = 320;

/** `?to=` as one trimmed string; repeated or oversized values are ignored rather than refused. */
function recipientFilter(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.to;
  const to = typeof value === 'string' ? value.trim() : undefined;
  return to && to.length <= MAX_TO_LENGTH ? to : undefined;
}

/**
 * GET /dev/inbox (page), /dev/inbox.json (tests, e2e) and /dev/inbox.css. Registered only when
 * the dev inbox is on, so elsewhere these paths do not exist.
 */
export function registerDevInboxRoutes(app: FastifyInstance) {
  app.get('/dev/inbox', async (request, reply) => {
    const to = recipientFilter(request);
    const messages = await listInboxMessages(app.ctx.db, app.ctx.secrets, { to });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(renderInboxPage(messages, to));
  });

  app.get('/dev/inbox.json', async (request, reply) => {
    const messages = await listInboxMessages(app.ctx.db, app.ctx.secrets, { to: recipientFilter(request) });
    return reply.header('cache-control', 'no-store').send(messages);
  });

  app.get('/dev/inbox.css', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(INBOX_CSS),
  );
}
