import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { sendMessage } from '../../delivery/messages/send';
import { ApiError } from '../../http/api-error';
import { hashToken, newOpaqueToken } from '../../security/tokens';
import { endEverythingOfUser } from '../recovery/recovery.queries';
import type { FlowRow } from './flow.queries';

// An invitation code proves nothing about a mailbox (it can leak): the sign-up proves its e-mail
// with a code like any other. When the account's e-mail is not the invited one, the invited
// address is told at once, with a link that freezes the account if it was not them (decision 0068).

/** Tells the invited address that its invitation opened an account on another e-mail. */
export async function tellInvitee(trx: Db, request: FastifyRequest, flow: FlowRow): Promise<void> {
  const invitation = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'language'])
    .where('id', '=', flow.invitation_id as number)
    .executeTakeFirstOrThrow();
  if (invitation.email === flow.email) return;
  const code = newOpaqueToken();
  await trx
    .updateTable('invitations')
    .set({ not_me_hash: hashToken(code) })
    .where('id', '=', invitation.id)
    .execute();
  const { secrets, config } = request.server.ctx;
  await sendMessage(
    trx,
    { secrets, publicUrls: config.publicUrls },
    {
      purpose: 'invitation_used',
      edition: flow.edition,
      locale: invitation.language,
      values: { contact: maskRecipient(flow.email ?? ''), notMeCode: code },
      to: [{ channel: 'email', address: invitation.email }],
    },
  );
}

/**
 * The invitee's "this was not me": the account their invitation opened is locked (login answers
 * account_locked until support unlocks it), its sessions and trusted devices end, and the code is
 * spent. Answers the frozen account's id.
 */
export async function freezeByInvitee(trx: Db, request: FastifyRequest, code: string): Promise<number> {
  const invitation = await trx
    .updateTable('invitations')
    .set({ not_me_hash: null })
    .where('not_me_hash', '=', hashToken(code))
    .where('edition', '=', request.edition.id)
    .where('user_id', 'is not', null)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
  if (!invitation?.user_id) throw new ApiError('link_expired');
  const userId = invitation.user_id;
  await trx.updateTable('users').set({ locked_at: new Date() }).where('id', '=', userId).execute();
  await endEverythingOfUser(trx, userId);
  await audit(
    trx,
    {
      kind: 'account.frozen_by_invitee',
      userId,
      edition: request.edition.id,
      detail: { invitation_id: invitation.id },
    },
    request,
  );
  return userId;
}
