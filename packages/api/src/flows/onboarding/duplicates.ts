import type { Selectable } from 'kysely';
import { contactOwner } from '../../account/contacts';
import type { Db } from '../../db/database';
import type { OnboardingFlowsTable } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** The sign-up fields duplicate detection reads (flow.queries.ts uses this module, not the reverse). */
type SignUpContacts = Pick<
  Selectable<OnboardingFlowsTable>,
  'user_id' | 'edition' | 'email' | 'email_verified_at' | 'phone' | 'phone_verified_at'
>;

/** A verified contact of a sign-up that an existing account of the edition already uses. */
export interface ContestedContact {
  method: 'email' | 'sms';
  target: string;
  ownerId: number;
}

/**
 * The sign-up's verified e-mail and phone that other accounts use (docs/decisions/0012-fuzzion.md,
 * "Detection during onboarding"). Only verified ones: until a code proves control of an address,
 * nobody learns whether an account uses it.
 */
export async function contestedContacts(db: Db, flow: SignUpContacts): Promise<ContestedContact[]> {
  const found: ContestedContact[] = [];
  // Once the sign-up is done, its own account holds its contacts: they are not contested.
  const other = (ownerId: number | undefined): ownerId is number =>
    ownerId !== undefined && ownerId !== flow.user_id;
  if (flow.email && flow.email_verified_at !== null) {
    const ownerId = await contactOwner(db, flow.edition, 'email', flow.email);
    if (other(ownerId)) found.push({ method: 'email', target: flow.email, ownerId });
  }
  if (flow.phone && flow.phone_verified_at !== null) {
    const ownerId = await contactOwner(db, flow.edition, 'sms', flow.phone);
    if (other(ownerId)) found.push({ method: 'sms', target: flow.phone, ownerId });
  }
  return found;
}

/**
 * The new account must keep at least one contact of its own to log in with: when both verified
 * contacts belong to other accounts, the one just proven (or, at completion, the phone) must be
 * replaced — 409 email-duplicated / phone-duplicated, told only to someone who proved control.
 */
export function requireOwnContact(contested: ContestedContact[], justProven: 'email' | 'sms' = 'sms'): void {
  if (contested.length < 2) return;
  throw new ApiError(justProven === 'email' ? 'email-duplicated' : 'phone-duplicated');
}
