import { updateProfileRequestSchema } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { requireCurrentProfile, taggedUser } from '../../account/profile-version';
import { findSessionWithUser, openUser, requireProfile } from '../../account/users';
import { auditOwn } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';

/**
 * GET /api/user: the logged-in user, read with its session in one statement; its
 * version in the ETag header, for the If-Match of a change.
 */
const getUser = defineRoute({
  method: 'GET',
  url: '/user',
  summary: "The signed-in user's account",
  auth: 'user',
  whileRestricted: true,
  findSession: findSessionWithUser,
  response: userResponseSchema,
  compiledResponse: true,
  handler: async function getUser({ found, reply, secrets }) {
    if (!found) throw new ApiError('unauthorized');
    return taggedUser(reply, openUser(secrets, found.user));
  },
});

/**
 * PATCH /api/user (SPEC §2 edit-info): names, gender, birth date and interface language; only the
 * fields sent change. The language must be one the request's edition offers. Answers the user.
 * With If-Match, only on the version it names (412 profile_changed otherwise).
 */
const updateUser = defineRoute({
  method: 'PATCH',
  url: '/user',
  summary: "Change the user's personal details",
  auth: 'user',
  body: updateProfileRequestSchema,
  response: userResponseSchema,
  handler: async function updateUser({ body, auth, request, reply, db, secrets }) {
    if (body.language !== undefined && !request.edition.locales.includes(body.language))
      throw new ApiError('validation_failed', { fields: { language: 'Unsupported language' } });
    const changed = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
    return db.transaction().execute(async (trx) => {
      await requireCurrentProfile(trx, request, auth.userId);
      if (changed.length > 0) {
        await trx
          .updateTable('users')
          .set({
            ...(body.firstname !== undefined && { firstname: body.firstname }),
            ...(body.lastname !== undefined && { lastname: body.lastname }),
            ...(body.gender !== undefined && { gender: body.gender }),
            ...(body.birthdate !== undefined && { birthdate: body.birthdate }),
            ...(body.language !== undefined && { language: body.language }),
          })
          .where('id', '=', auth.userId)
          .execute();
        await auditOwn(trx, request, auth.userId, 'profile.updated', { fields: changed });
      }
      return taggedUser(reply, await requireProfile(trx, secrets, auth.userId));
    });
  },
});

export const userRoutes = [getUser, updateUser];
