import { MFA_PLACEHOLDER_IDS, type MfaMethod, mfaMethodSchema } from '@vestibule/contract/schemas/mfa';
import type { User } from '@vestibule/contract/schemas/user';
import { z } from 'zod';

/** The `methods` query parameter of a login: the JSON list the 401 answer carried. */
export function parseMethodsParam(raw: string | null): MfaMethod[] | undefined {
  if (!raw) return undefined;
  try {
    const parsed = z.array(mfaMethodSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Step-up choices: the set-up methods (a passkey first); an account without code methods steps up
 * with a code to its primary verified phone (-1) or e-mail (-2) (docs/decisions/0006), or its
 * passkey when it has one.
 */
export function stepUpChoices(methods: readonly MfaMethod[], user: User | undefined): MfaMethod[] {
  const setUp = methods.filter((m) => m.id > 0);
  if (setUp.some((m) => m.method !== 'passkey') || !user) return setUp;
  const phone = user.phone.find((p) => p.default && p.verified) ?? user.phone.find((p) => p.verified);
  const email = user.email.find((e) => e.default && e.verified) ?? user.email.find((e) => e.verified);
  const choices: MfaMethod[] = [...setUp];
  if (phone)
    choices.push({
      id: MFA_PLACEHOLDER_IDS.sms,
      method: 'sms',
      target: phone.phone,
      primary: false,
      created_at: null,
    });
  if (email)
    choices.push({
      id: MFA_PLACEHOLDER_IDS.email,
      method: 'email',
      target: email.email,
      primary: false,
      created_at: null,
    });
  return choices;
}
