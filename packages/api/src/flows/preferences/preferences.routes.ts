import { createHash } from 'node:crypto';
import {
  type Preferences,
  preferencesResponseSchema,
  preferencesSchema,
} from '@vestibule/contract/schemas/preferences';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { latestMarketingConsents, recordConsents } from '../../account/consents';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';

// The optional messages of an account (decision 0079): the new-device sign-in alert (a users
// column) and marketing by e-mail and SMS (the consent ledger, user_consents, newest entry wins).
// Versions as the profile's (decision 0071): ETag on answers, If-Match on the change, 412 else.

async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  const user = await db
    .selectFrom('users')
    .select('notify_new_device')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new ApiError('unauthorized');
  const consents = await latestMarketingConsents(db, userId);
  const granted = (kind: string) => consents.find((row) => row.kind === kind)?.granted ?? false;
  return {
    new_device_alert: user.notify_new_device,
    marketing_email: granted('marketing_email'),
    marketing_sms: granted('marketing_sms'),
  };
}

function preferencesTag(preferences: Preferences): string {
  const digest = createHash('sha256').update(JSON.stringify(preferences)).digest('base64url');
  return `"p-${digest.slice(0, 22)}"`;
}

function tagged(reply: FastifyReply, preferences: Preferences) {
  reply.header('etag', preferencesTag(preferences));
  return { data: preferences };
}

/** With If-Match, the change applies to the version read only (412 preferences_changed else). */
async function requireCurrentPreferences(trx: Db, request: FastifyRequest, userId: number) {
  const expected = request.headers['if-match'];
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const current = await readPreferences(trx, userId);
  if (expected === undefined) return current;
  const tag = preferencesTag(current);
  const matches = expected.split(',').some((candidate) => ['*', tag].includes(candidate.trim()));
  if (!matches)
    throw new ApiError('preferences_changed', { headers: { etag: tag }, extra: { data: current } });
  return current;
}

/** GET /api/user/preferences: the optional messages chosen, the version in the ETag. */
const getPreferences = defineRoute({
  method: 'GET',
  url: '/user/preferences',
  summary: 'The optional messages the user chose (new-device alert, marketing)',
  auth: 'user',
  response: preferencesResponseSchema,
  handler: async function getPreferences({ auth, reply, db }) {
    return tagged(reply, await readPreferences(db, auth.userId));
  },
});

/**
 * PUT /api/user/preferences: the optional messages; a marketing choice that changes is a new entry
 * of the consent ledger (version: none, language: the account's), audited in the same transaction.
 */
const putPreferences = defineRoute({
  method: 'PUT',
  url: '/user/preferences',
  summary: 'Choose the optional messages (new-device alert, marketing by e-mail or SMS)',
  auth: 'user',
  body: preferencesSchema,
  response: preferencesResponseSchema,
  handler: async function putPreferences({ body, auth, request, reply, db }) {
    const saved = await db.transaction().execute(async (trx) => {
      const current = await requireCurrentPreferences(trx, request, auth.userId);
      const changed = (Object.keys(body) as (keyof Preferences)[]).filter(
        (key) => body[key] !== current[key],
      );
      if (changed.length === 0) return current;
      const user = await trx
        .updateTable('users')
        .set({ notify_new_device: body.new_device_alert })
        .where('id', '=', auth.userId)
        .returning(['edition', 'language'])
        .executeTakeFirstOrThrow();
      for (const kind of ['marketing_email', 'marketing_sms'] as const) {
        if (body[kind] === current[kind]) continue;
        await recordConsents(trx, [
          { user_id: auth.userId, kind, granted: body[kind], version: null, language: user.language },
        ]);
      }
      await audit(
        trx,
        {
          kind: 'preferences.updated',
          userId: auth.userId,
          edition: user.edition,
          detail: { fields: changed },
        },
        request,
      );
      return body;
    });
    return tagged(reply, saved);
  },
});

export const preferencesRoutes = [getPreferences, putPreferences];
