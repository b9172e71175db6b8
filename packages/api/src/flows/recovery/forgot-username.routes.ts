import { parseCardNumber } from '@vestibule/contract/card-number';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import {
  forgotUsernameRequestSchema,
  forgotUsernameResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { userIdsByCard } from '../../account/cards';
import { usernamesOf } from '../../account/contacts';
import { userIdsByNationalNumber } from '../../account/users';
import { audit } from '../../db/audit';
import { maskRecipient } from '../../delivery/mask';
import { ApiError } from '../../http/api-error';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import { verifyCaptcha } from '../../security/captcha';
import { FORGOT_USERNAME_PER_IDENTIFIER, forgotUsernamePerIp } from './recovery.rate-limits';

/**
 * POST /api/user/forgot-username {identifier_type, identifier, captcha}: the usernames (e-mails and
 * phones), masked, of the accounts linked to a card number or a national register number of the
 * edition's country; an empty list when none. Throttled per client and per identifier, and behind
 * the captcha when configured, so that it cannot be used to enumerate.
 */
const forgotUsername = defineRoute({
  method: 'POST',
  url: '/user/forgot-username',
  summary: 'Forgot username: find it from a card or national number',
  auth: 'public',
  body: forgotUsernameRequestSchema,
  response: forgotUsernameResponseSchema,
  handler: async function forgotUsername({ body, request, db, config, secrets }) {
    const edition = request.edition;
    // Throttle by client before anything costly (the captcha call included).
    await enforceLimit(request, forgotUsernamePerIp(config.recoveryPerIpLimit), request.ip);
    // A configured captcha must be solved.
    await verifyCaptcha(request, body.captcha);
    // The identifier must pass its check digits: a card (Luhn) or the edition's national number.
    const identifier =
      body.identifier_type === 'card'
        ? parseCardNumber(body.identifier)
        : parseNationalRegisterNumber(body.identifier, edition.nationalNumberFormat);
    if (!identifier)
      throw new ApiError(
        body.identifier_type === 'card' ? 'invalid_card_number' : 'invalid_national_register_number',
      );
    // Throttle by identifier, found or not; the counter's key is hashed: it is stored.
    await enforceLimit(
      request,
      FORGOT_USERNAME_PER_IDENTIFIER,
      secrets.hash('rate-limit', `${edition.id}:${body.identifier_type}:${identifier}`),
    );

    const userIds =
      body.identifier_type === 'card'
        ? await userIdsByCard(db, secrets, edition.id, identifier)
        : await userIdsByNationalNumber(db, secrets, edition.id, identifier);
    const usernames = await usernamesOf(db, userIds);
    for (const userId of userIds.length ? userIds : [null])
      await audit(
        db,
        {
          kind: 'username.recovery_requested',
          userId,
          edition: edition.id,
          detail: { by: body.identifier_type },
        },
        request,
      );
    return { usernames: usernames.map(({ kind, value }) => ({ kind, value: maskRecipient(value) })) };
  },
});

export const forgotUsernameRoutes = [forgotUsername];
