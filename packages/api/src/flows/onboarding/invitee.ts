import type { FastifyRequest } from 'fastify';
import { sendRequestMessage } from '../../account/notices';
import { endEverythingOfUser } from '../../account/sessions';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { ApiError } from '../../http/api-error';
import { hashToken, newOpaqueToken } from '../../security/tokens';
import type { FlowRow } from './flow.queries';

// An invitation code proves nothing about a mailbox (it can leak): the sign-up proves its e-mail
// with a code like any other. When the account's e-mail is not the invited one, the invited
// address is told at once, with a link that freezes the account if it was not them (decision 0068).

/** Tells the invited address that its invitation opened the account `userId` on another e-mail. */
export async function tellInvitee(
  trx: Db,
  request: FastifyRequest,
  flow: FlowRow,
  userId: number,
): Promise<void> {
  const invitation = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'language'])
    .where('id', '=', flow.invitation_id as number)
    .executeTakeFirstOrThrow();
  if (invitation.email === flow.email) return;
  const code = newOpaqueToken();
  await trx
    .insertInto('invitee_not_me_codes')
    .values({
      code_hash: hashToken(code),
      invitation_id: invitation.id,
      user_id: userId,
      edition: flow.edition,
    })
    .execute();
  await sendRequestMessage(trx, request, {
    purpose: 'invitation_used',
    edition: flow.edition,
    locale: invitation.language,
    values: { contact: maskRecipient(flow.email ?? ''), notMeCode: code },
    to: [{ channel: 'email', address: invitation.email }],
  });
}

/**
 * The invitee's "this was not me": the account their invitation opened is locked (login answers
 * account_locked until support unlocks it), its sessions and trusted devices end, and the code is
 * spent. Answers the frozen account's id.
 */
export async function freezeByInvitee(trx: Db, request: FastifyRequest, code: string): Promise<number> {
  // Spent by the statement that reads it: a double click freezes once.
  const spent = await trx
    .deleteFrom('invitee_not_me_codes')
    .where('code_hash', '=', hashToken(code))
    .where('edition', '=', request.edition.id)
    .returning(['invitation_id', 'user_id'])
    .executeTakeFirst();
  if (!spent) throw new ApiError('link_expired');
  const userId = spent.user_id;
  await trx.updateTable('users').set({ locked_at: new Date() }).where('id', '=', userId).execute();
  await endEverythingOfUser(trx, userId);
  await audit(
    trx,
    {
      kind: 'account.frozen_by_invitee',
      userId,
      edition: request.edition.id,
      detail: { invitation_id: spent.invitation_id },
    },
    request,
  );
  return userId;
}
