import { contactConfirmAnswerSchema } from '@vestibule/contract/schemas/fuzzion';
import { mfaListResponseSchema } from '@vestibule/contract/schemas/mfa';
import type { ContactKind } from '@vestibule/contract/schemas/profile';
import { contactChallengeResponseSchema } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from '../../../lib/api';
import { versioned } from '../../../lib/profileVersion';

// /api/user/emails and /api/user/phones (docs/decisions/0010): changes of addresses start a code
// challenge (202) confirmed with POST …/confirm; delete and primary answer the user at once. Each
// change is made on the version of the user read (If-Match, docs/decisions/0071).

const base = (kind: ContactKind) => `/user/${kind === 'email' ? 'emails' : 'phones'}`;
const body = (kind: ContactKind, value: string) => (kind === 'email' ? { email: value } : { phone: value });

export function addContact(kind: ContactKind, value: string) {
  return apiRequest(base(kind), {
    method: 'POST',
    json: body(kind, value),
    schema: contactChallengeResponseSchema,
    ...versioned(),
  });
}

/** PUT …/{id}: undefined (204) when the address is unchanged. */
export function updateContact(kind: ContactKind, id: number, value: string) {
  return apiRequest(`${base(kind)}/${id}`, {
    method: 'PUT',
    json: body(kind, value),
    schema: contactChallengeResponseSchema,
    ...versioned(),
  });
}

/** POST …/{id}/verify: undefined (204) when it is verified already. */
export function verifyContact(kind: ContactKind, id: number) {
  return apiRequest(`${base(kind)}/${id}/verify`, {
    method: 'POST',
    schema: contactChallengeResponseSchema,
    ...versioned(),
  });
}

/** The updated user, or a merge offer when the address is another account's (fuzzion). */
export function confirmContact(kind: ContactKind, payload: string, code: string) {
  return apiRequest(`${base(kind)}/confirm`, {
    method: 'POST',
    json: { payload, code },
    schema: contactConfirmAnswerSchema,
    ...versioned(),
  });
}

export function deleteContact(kind: ContactKind, id: number) {
  return apiRequest(`${base(kind)}/${id}`, { method: 'DELETE', schema: userResponseSchema, ...versioned() });
}

export function makePrimary(kind: ContactKind, id: number) {
  return apiRequest(`${base(kind)}/${id}/primary`, {
    method: 'POST',
    schema: userResponseSchema,
    ...versioned(),
  });
}

/**
 * Whether a contact sends MFA codes (the server refuses its deletion, 409 contact_used_by_mfa): the
 * screen says so before asking for a confirmation the server would refuse anyway.
 */
export async function contactBacksMfa(kind: ContactKind, value: string): Promise<boolean> {
  const { data } = await apiRequest('/mfa', { schema: mfaListResponseSchema, quiet: true });
  const method = kind === 'email' ? 'email' : 'sms';
  return data.some((m) => m.method === method && m.target === value);
}
