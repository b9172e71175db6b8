import {
  approvalRequestSchema,
  approvalResponseSchema,
  authorizeQuerySchema,
  authorizeResponseSchema,
} from '@vestibule/contract/schemas/oauth';
import type { FastifyRequest } from 'fastify';
import { notifyAccount } from '../../account/notices';
import { auditOwn } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { type AuthContext, forcedSetupExemption } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import { findClient, type OAuthClient } from './clients.queries';
import {
  acceptInteraction,
  boundInteraction,
  consentPrompted,
  type Interaction,
  previouslyGranted,
  reauthenticationNeeded,
  refuseInteraction,
  requestedScopes,
} from './interaction';

function summary(client: OAuthClient) {
  return { client_id: client.clientId, name: client.name, homepage: client.homepage };
}

/**
 * The client of the interaction, registered for this edition (else invalid_partner), that this
 * session may serve now: a partner during a forced setup, and after a login recent enough for the
 * request (else reauthentication_required).
 */
async function interactionClient(
  request: FastifyRequest,
  auth: AuthContext,
  interaction: Interaction,
): Promise<OAuthClient> {
  const clientId = interaction.params.client_id;
  const client =
    typeof clientId === 'string'
      ? await findClient(request.server.ctx.db, clientId, request.edition.id)
      : undefined;
  if (!client) throw new ApiError('invalid_partner');
  forcedSetupExemption(auth, client.clientId);
  if (reauthenticationNeeded(interaction, auth.session.authenticatedAt))
    throw new ApiError('reauthentication_required');
  return client;
}

/**
 * GET /api/authorize (SPEC §7): what the /approve screen needs. approvalType `scopes` lists the
 * scopes still to approve; otherwise (first-party client, or every scope granted before) the
 * interaction is finished at once and `target` is where the browser goes next. A request with
 * prompt=login or max_age that the session's login does not satisfy answers
 * reauthentication_required: the SPA sends the user through the login again (decision 0030).
 * prompt=consent always asks, even for scopes granted before.
 */
const authorize = defineRoute({
  method: 'GET',
  url: '/authorize',
  summary: 'What a third-party application asks for',
  auth: 'user',
  partnerDuringForcedSetup: true,
  query: authorizeQuerySchema,
  response: authorizeResponseSchema,
  handler: async function authorize({ query, auth, request, reply, db }) {
    const { provider, interaction } = await boundInteraction(request, reply, query.uid);
    const { params } = interaction;
    // The SPA's copy of the request must be the one the authorization server validated.
    if (
      (query.client_id && query.client_id !== params.client_id) ||
      (query.redirect_uri && query.redirect_uri !== params.redirect_uri)
    )
      throw new ApiError('authorization_expired');
    const client = await interactionClient(request, auth, interaction);
    const requested = requestedScopes(interaction);
    const { scopes: granted } = await previouslyGranted(provider, db, auth.userId, client.clientId);
    const asked = consentPrompted(interaction) && !client.firstParty;
    const missing = asked ? requested : requested.filter((scope) => !granted.includes(scope));
    if (client.firstParty || missing.length === 0) {
      const target = await acceptInteraction(provider, db, interaction, {
        userId: auth.userId,
        client,
        scopes: requested,
        authentication: { at: auth.session.authenticatedAt, amr: auth.session.amr },
      });
      return { approvalType: null, target, client: summary(client), scopes: [], granted };
    }
    return {
      approvalType: 'scopes' as const,
      target: null,
      client: summary(client),
      scopes: missing,
      // Asked again in full (prompt=consent): nothing is listed twice.
      granted: asked ? [] : granted,
    };
  },
});

/** POST /api/authorize: the approval (accept grants the scopes; refuse sends access_denied). */
const approve = defineRoute({
  method: 'POST',
  url: '/authorize',
  summary: 'Approve or refuse a third-party application',
  auth: 'user',
  partnerDuringForcedSetup: true,
  body: approvalRequestSchema,
  response: approvalResponseSchema,
  handler: async function approve({ body, auth, request, reply, db }) {
    const { provider, interaction } = await boundInteraction(request, reply, body.uid);
    const client = await interactionClient(request, auth, interaction);
    const scopes = requestedScopes(interaction);
    const accepted = body.decision === 'accept';
    const target = accepted
      ? await acceptInteraction(provider, db, interaction, {
          userId: auth.userId,
          client,
          scopes,
          authentication: { at: auth.session.authenticatedAt, amr: auth.session.amr },
        })
      : await refuseInteraction(interaction);
    await auditOwn(db, request, auth.userId, accepted ? 'oauth.consent_granted' : 'oauth.consent_refused', {
      client_id: client.clientId,
      scopes,
    });
    // An approval hands data to a third party: the account hears of it, with the way back.
    if (accepted)
      await notifyAccount(
        db,
        request,
        auth.userId,
        'app_approved',
        { app: client.name },
        { channels: 'email' },
      );
    return { target };
  },
});

export const authorizeRoutes = [authorize, approve];
