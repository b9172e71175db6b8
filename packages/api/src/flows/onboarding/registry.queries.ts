import type { ErrorCode } from '@vestibule/contract/errors';
import type { OnboardingKind } from '@vestibule/contract/schemas/onboarding';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { SecretBox } from '../../security/secret-box';
import { hashToken } from '../../security/tokens';

/** What a valid code opens: a card or an invitation, with what it says about the holder. */
export type Redeemable =
  | { kind: 'card' | 'activation_code'; cardId: number; firstname: string | null; lastname: string | null }
  | {
      kind: 'invitation';
      invitationId: number;
      email: string;
      firstname: string | null;
      lastname: string | null;
    };

const INVALID: Record<OnboardingKind, ErrorCode> = {
  card: 'invalid_card_number',
  activation_code: 'invalid_activation_code',
  invitation: 'invalid_invitation_code',
};

export function invalidCodeError(kind: OnboardingKind): ErrorCode {
  return INVALID[kind];
}

/**
 * The card of a card number or activation code, if it can still open an account: unknown, blocked
 * and expired cards answer like a mistyped code; a card linked to an account (or active) answers
 * 409 card_already_activated, unless its activation failed (held by the issuer): then 409
 * card_activation_pending, which does not claim the card works.
 */
async function redeemableCard(
  db: Db,
  secrets: SecretBox,
  edition: string,
  kind: 'card' | 'activation_code',
  code: string,
): Promise<Redeemable> {
  const base = db
    .selectFrom('cards')
    .select(['id', 'status', 'user_id', 'holder_firstname', 'holder_lastname'])
    .where('edition', '=', edition);
  const card = await (kind === 'card'
    ? base.where('number_index', 'in', secrets.blindIndexes('pan', code))
    : base.where('activation_code_hash', '=', hashToken(code))
  ).executeTakeFirst();
  if (!card || card.status === 'blocked' || card.status === 'expired') throw new ApiError(INVALID[kind]);
  if (card.user_id !== null && card.status === 'held') throw new ApiError('card_activation_pending');
  if (card.user_id !== null || card.status === 'active') throw new ApiError('card_already_activated');
  return { kind, cardId: card.id, firstname: card.holder_firstname, lastname: card.holder_lastname };
}

/** The invitation of a code: unknown 422, used 409, expired or revoked 410. */
async function redeemableInvitation(db: Db, edition: string, code: string): Promise<Redeemable> {
  const invitation = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'firstname', 'lastname', 'used_at', 'expires_at', 'revoked_at'])
    .where('edition', '=', edition)
    .where('code_hash', '=', hashToken(code))
    .executeTakeFirst();
  if (!invitation) throw new ApiError('invalid_invitation_code');
  if (invitation.used_at !== null) throw new ApiError('invitation_used');
  if (invitation.revoked_at !== null) throw new ApiError('invitation_revoked');
  if (new Date(invitation.expires_at).getTime() <= Date.now()) throw new ApiError('invitation_expired');
  return {
    kind: 'invitation',
    invitationId: invitation.id,
    email: invitation.email,
    firstname: invitation.firstname,
    lastname: invitation.lastname,
  };
}

export function findRedeemable(
  db: Db,
  secrets: SecretBox,
  edition: string,
  kind: OnboardingKind,
  code: string,
) {
  return kind === 'invitation'
    ? redeemableInvitation(db, edition, code)
    : redeemableCard(db, secrets, edition, kind, code);
}
