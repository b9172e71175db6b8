import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { INBOX_CSS, renderInboxPage } from './dev-inbox.page';
import { inboxMessageHtml, listInboxMessages } from './inbox.queries';

/**
 * Headers of an e-mail's HTML part shown in the dev inbox's frame: framed by the inbox only, and
 * sandboxed even when opened alone; its inline styles apply, nothing else loads.
 */
const HTML_PART_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox",
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

const MAX_TO_LENGTH = 320;

/** `?to=` as one trimmed string; repeated or oversized values are ignored rather than refused. */
function recipientFilter(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.to;
  const to = typeof value === 'string' ? value.trim() : undefined;
  return to && to.length <= MAX_TO_LENGTH ? to : undefined;
}

/**
 * GET /dev/inbox (page), /dev/inbox.json (tests, e2e), /dev/inbox/:id.html (an e-mail's HTML part)
 * and /dev/inbox.css. Registered only when
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

  app.get<{ Params: { id: string } }>('/dev/inbox/:id.html', {
    // After the app's onSend hook, which sets the portal's frame-ancestors 'none'.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.headers(HTML_PART_HEADERS);
      return payload;
    },
    handler: async (request, reply) => {
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const html = id === undefined ? undefined : await inboxMessageHtml(app.ctx.db, app.ctx.secrets, id);
      if (html === undefined) throw new ApiError('not_found');
      return reply.type('text/html; charset=utf-8').send(html);
    },
  });

  app.get('/dev/inbox.css', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(INBOX_CSS),
  );
}
