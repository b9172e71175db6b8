import { invitationNotMeRequestSchema } from '@vestibule/contract/schemas/onboarding';
import { defineRoute } from '../../http/route';
import { afterPortalSessionsEnded } from '../oauth/index';
import { freezeByInvitee } from './invitee';

/**
 * POST /api/onboarding/not-me {code}: the invitee did not open the account their invitation
 * created; it is frozen at once (invitee.ts). A spent or unknown code answers 410 link_expired.
 */
const notMe = defineRoute({
  method: 'POST',
  url: '/onboarding/not-me',
  summary: 'Freeze the account an invitation opened on another e-mail',
  auth: 'public',
  body: invitationNotMeRequestSchema,
  status: 204,
  handler: async function notMe({ body, request, db }) {
    await db.transaction().execute((trx) => freezeByInvitee(trx, request, body.code));
    await afterPortalSessionsEnded(request);
  },
});

export const onboardingNotMeRoutes = [notMe];
