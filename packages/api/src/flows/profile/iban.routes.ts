import { parseIban } from '@vestibule/contract/iban';
import { ibanRequestSchema } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { notifyChange, recipients } from '../../account/change-notice';
import { verifiedContacts } from '../../account/contacts';
import { requireCurrentProfile, taggedUser } from '../../account/profile-version';
import { requireSudo } from '../../account/step-up';
import { requireProfile, requireUser } from '../../account/users';
import { audit } from '../../db/audit';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { sealedIban } from '../../security/sealed-identifiers';

/**
 * PUT /api/user/iban {iban} (SPEC §2 edit-iban, §5): a valid IBAN of a SEPA country of the
 * country list (422 invalid_iban), behind a step-up (403 sudo_required). `country` becomes the
 * IBAN's country. Every verified contact is told, with the way to report it was not them. With
 * If-Match, only on the version it names (412 profile_changed otherwise).
 */
const updateIban = defineRoute({
  method: 'PUT',
  url: '/user/iban',
  summary: 'Set or change the IBAN (step-up required)',
  auth: 'user',
  body: ibanRequestSchema,
  response: userResponseSchema,
  handler: async function updateIban({ body, auth, request, reply, db, secrets }) {
    const user = await requireUser(db, auth);
    const parsed = parseIban(body.iban);
    if (!parsed) throw new ApiError('invalid_iban');
    const answer = await db.transaction().execute(async (trx) => {
      await requireCurrentProfile(trx, request, user.id);
      // In the change's transaction: a failed change keeps a single grant.
      await requireSudo(trx, auth);
      await trx
        .updateTable('users')
        .set({ iban: sealedIban(secrets, parsed.iban), country: parsed.country })
        .where('id', '=', user.id)
        .execute();
      const last4 = parsed.iban.slice(-4);
      await audit(
        trx,
        {
          kind: 'iban.changed',
          userId: user.id,
          edition: user.edition,
          detail: { country: parsed.country, last4 },
        },
        request,
      );
      const verified = await verifiedContacts(trx, user.id);
      await notifyChange(
        trx,
        request,
        user,
        'iban_changed',
        recipients(
          ...verified.emails.map((address) => ({ channel: 'email' as const, address })),
          ...verified.phones.map((address) => ({ channel: 'sms' as const, address })),
        ),
        { last4 },
      );
      return taggedUser(reply, await requireProfile(trx, secrets, user.id));
    });
    outboxWorkerOf(request.server)?.notify();
    return answer;
  },
});

export const ibanRoutes = [updateIban];
