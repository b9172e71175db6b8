import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import {
  type ContactKind,
  codeConfirmRequestSchema,
  contactChallengeResponseSchema,
  loginChangeRequestSchema,
} from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { parseUsername } from '@vestibule/contract/username';
import { notifyChange, recipients } from '../../account/change-notice';
import {
  CHANNEL,
  insertContact,
  lockContacts,
  moveMfaTarget,
  replaceContactValue,
  requireFree,
} from '../../account/contacts';
import { taggedUser } from '../../account/profile-version';
import { requireSudo } from '../../account/step-up';
import { requireProfile, requireUser } from '../../account/users';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { confirmAddressChallenge, startAddressChallenge } from '../contacts/index';

// Login change (SPEC §2 edit-credentials, §5, §7; docs/decisions/0010). Every contact is a
// username at login; "the login" is the primary contact of its kind. Changing it replaces that
// primary's address: the old one stops opening the account. A step-up is needed to start.

/**
 * POST /api/user/login {login}: an e-mail or phone not used by any account. Needs a step-up
 * (403 sudo_required); 422 with the SPEC message when invalid or used. Sends a code to the new
 * address and answers its payload.
 */
const startLoginChange = defineRoute({
  method: 'POST',
  url: '/user/login',
  summary: 'Change the login e-mail: sends a code to it',
  auth: 'user',
  body: loginChangeRequestSchema,
  response: contactChallengeResponseSchema,
  status: 202,
  handler: async function startLoginChange({ body, auth, request, db }) {
    const user = await requireUser(db, auth);
    const parsed = parseUsername(body.login, EDITIONS[user.edition as EditionId].phoneRegion);
    if (!parsed) throw new ApiError(body.login.includes('@') ? 'invalid_email' : 'invalid_phone');
    const kind: ContactKind = parsed.kind;
    await requireFree(db, user.edition, kind, parsed.value);
    // After the checks of what was typed, so that a typo does not use up a single grant.
    await requireSudo(db, auth);
    return startAddressChallenge(request, auth, user, {
      purpose: 'login_change',
      kind,
      target: parsed.value,
      data: {},
    });
  },
});

/**
 * POST /api/user/login/confirm {payload, code}: the new address replaces the primary contact of
 * its kind (and the MFA method that used the old one follows); old and new addresses are told.
 */
const confirmLoginChange = defineRoute({
  method: 'POST',
  url: '/user/login/confirm',
  summary: 'Confirm the new login e-mail with its code',
  auth: 'user',
  body: codeConfirmRequestSchema,
  response: userResponseSchema,
  handler: async function confirmLoginChange({ body, auth, request, reply, db, secrets }) {
    const user = await requireUser(db, auth);
    return confirmAddressChallenge(
      request,
      auth,
      { purpose: 'login_change', payload: body.payload, code: body.code },
      async (trx, challenge) => {
        const kind = challenge.data.kind as ContactKind;
        const target = challenge.target as string;
        await requireFree(trx, user.edition, kind, target);
        const primary = (await lockContacts(trx, user.id, kind)).find((row) => row.is_default);
        if (primary) {
          await replaceContactValue(trx, kind, primary.id, target);
          await moveMfaTarget(trx, user.id, kind, primary.value, target);
        } else {
          await insertContact(trx, user, kind, target, true);
        }
        await audit(
          trx,
          { kind: 'login.changed', userId: user.id, edition: user.edition, detail: { kind } },
          request,
        );
        const channel = CHANNEL[kind];
        await notifyChange(
          trx,
          request,
          user,
          'login_changed',
          recipients(primary && { channel, address: primary.value }, { channel, address: target }),
          { contact: target },
        );
        const data = await requireProfile(trx, secrets, user.id);
        // The new version, for the next change from this browser (decision 0071).
        return taggedUser(reply, data);
      },
    );
  },
});

export const loginChangeRoutes = [startLoginChange, confirmLoginChange];
