import { emptySchema } from '@vestibule/contract/schemas/common';
import {
  handoverCodeRequestSchema,
  handoverPreviewResponseSchema,
  handoverResponseSchema,
  tokenResponseSchema,
} from '@vestibule/contract/schemas/token';
import type { FastifyRequest } from 'fastify';
import { setLoginCookie } from '../../account/login-cookie';
import { openLoginSession } from '../../account/session-opening';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { authenticate, bearerToken } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import { hashToken, newOpaqueToken } from '../../security/tokens';
import { closingAccountError } from '../closure/index';

// A login handed over in the URL hash (SPEC §4 rule 1) carries a code, not a session: a link
// with an attacker's session token would otherwise sign the victim in to the attacker's account
// without a word (login CSRF). The code lives a minute, works once, and the SPA trades it only
// after the user confirmed the account's first name.

const HANDOVER_TTL_SECONDS = 60;

/** The live code's row, unspent and of this edition, or undefined. */
async function findHandover(db: Db, request: FastifyRequest, code: string) {
  return db
    .selectFrom('handover_codes')
    .innerJoin('users', 'users.id', 'handover_codes.user_id')
    .select(['handover_codes.user_id', 'users.firstname'])
    .where('handover_codes.code_hash', '=', hashToken(code))
    .where('handover_codes.edition', '=', request.edition.id)
    .where('handover_codes.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** The user of the request's bearer session, when it has a live one (the preview asks without requiring it). */
async function currentUserId(request: FastifyRequest): Promise<number | undefined> {
  if (!bearerToken(request)) return undefined;
  try {
    return (await authenticate(request)).userId;
  } catch {
    return undefined;
  }
}

/** POST /api/token/handover: a code that hands this session's account over to the portal in a link. */
const mint = defineRoute({
  method: 'POST',
  url: '/token/handover',
  summary: 'Mint a one-minute code that hands this login over in a link',
  auth: 'user',
  body: emptySchema.optional(),
  response: handoverResponseSchema,
  handler: async function mint({ auth, request, db }) {
    const code = newOpaqueToken();
    await db
      .insertInto('handover_codes')
      .values({
        code_hash: hashToken(code),
        user_id: auth.userId,
        edition: request.edition.id,
        client_id: auth.session.clientId,
        expires_at: new Date(Date.now() + HANDOVER_TTL_SECONDS * 1000),
      })
      .execute();
    return { code, expires_in: HANDOVER_TTL_SECONDS };
  },
});

/** POST /api/token/handover/preview {code}: whose account the code opens, without spending it. */
const preview = defineRoute({
  method: 'POST',
  url: '/token/handover/preview',
  summary: 'Name the account of a hand-over code without spending it',
  auth: 'public',
  body: handoverCodeRequestSchema,
  response: handoverPreviewResponseSchema,
  handler: async function preview({ body, request, db }) {
    const row = await findHandover(db, request, body.code);
    if (!row) throw new ApiError('link_expired');
    return { firstname: row.firstname, current: (await currentUserId(request)) === row.user_id };
  },
});

/**
 * POST /api/token/handover/redeem {code}: the user confirmed the account; the code is spent and a
 * session of this device opens (login cookie too), like any login.
 */
const redeem = defineRoute({
  method: 'POST',
  url: '/token/handover/redeem',
  summary: 'Trade a hand-over code for a session, once',
  auth: 'public',
  body: handoverCodeRequestSchema,
  response: tokenResponseSchema,
  handler: async function redeem({ body, request, reply, db, secrets }) {
    const session = await db.transaction().execute(async (trx) => {
      // Spent by the statement that reads it: two tabs racing with one code cannot both win.
      const spent = await trx
        .deleteFrom('handover_codes')
        .where('code_hash', '=', hashToken(body.code))
        .where('edition', '=', request.edition.id)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'client_id'])
        .executeTakeFirst();
      if (!spent) throw new ApiError('link_expired');
      const user = await trx
        .selectFrom('users')
        .select(['locked_at', 'closes_at'])
        .where('id', '=', spent.user_id)
        .executeTakeFirst();
      if (!user || user.locked_at) throw new ApiError('account_locked');
      if (user.closes_at) throw closingAccountError(secrets, spent.user_id, user.closes_at);
      await audit(
        trx,
        { kind: 'login.handover', userId: spent.user_id, edition: request.edition.id },
        request,
      );
      return openLoginSession(trx, request, { userId: spent.user_id, clientId: spent.client_id });
    });
    setLoginCookie(request, reply, session.token);
    return { access_token: session.token };
  },
});

export const handoverRoutes = [mint, preview, redeem];
