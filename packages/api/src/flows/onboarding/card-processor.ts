import type { Db } from '../../db/database';

/**
 * The card processor's answer to an activation. The portal owns its card registry; a deployment
 * that talks to a real processor replaces `activateWithProcessor`. The local processor refuses a
 * card whose status is `held` (the issuer holds it, e.g. an identity check is pending): the card is
 * linked to the new account and can be activated later (SPEC §4 "Onboarding card activation").
 */
export type ActivationResult = 'activated' | 'refused';

export async function activateWithProcessor(
  trx: Db,
  card: { id: number; status: string },
): Promise<ActivationResult> {
  if (card.status !== 'inactive') return 'refused';
  await trx
    .updateTable('cards')
    .set({ status: 'active', activated_at: new Date(), updated_at: new Date() })
    .where('id', '=', card.id)
    .execute();
  return 'activated';
}
