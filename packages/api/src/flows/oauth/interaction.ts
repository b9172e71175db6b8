import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { findGrantId } from '../../account/grants';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { OAuthClient } from './clients.queries';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The pending interaction named by `uid`, with the edition's provider, only if this browser
 * started it: its signed interaction cookie must name the same uid. A link to /approve?uid=… sent
 * to someone else leads nowhere.
 */
export async function boundInteraction(
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
): Promise<{ provider: Provider; interaction: Interaction }> {
  const provider = await request.server.oauth.forRequest(request);
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    throw new ApiError('authorization_expired');
  }
  if (interaction.uid !== uid || interaction.prompt.name === undefined)
    throw new ApiError('authorization_expired');
  return { provider, interaction };
}

/** Scopes of the authorization request (already checked by the provider against the client). */
export function requestedScopes(interaction: Interaction): string[] {
  const scope = interaction.params.scope;
  return typeof scope === 'string' ? [...new Set(scope.split(' ').filter(Boolean))] : [];
}

/** Scopes the user granted this client before. */
export async function previouslyGranted(provider: Provider, db: Db, userId: number, clientId: string) {
  const grantId = await findGrantId(db, String(userId), clientId);
  const grant = grantId ? await provider.Grant.find(grantId) : undefined;
  return { grant, scopes: grant?.getOIDCScope().split(' ').filter(Boolean) ?? [] };
}

/**
 * OpenID Connect Core 3.1.2.1: `prompt=login` wants a login made after the request started, and
 * `max_age` one no older than that many seconds (a login made for this request satisfies both,
 * so max_age=0 cannot loop). The bearer session's login is the one that counts; an older one
 * sends the user back to the password screen (and MFA if the account has it).
 */
export function reauthenticationNeeded(interaction: Interaction, authenticatedAt: Date): boolean {
  const at = Math.floor(new Date(authenticatedAt).getTime() / 1000);
  const startedAt = typeof interaction.iat === 'number' ? interaction.iat : Number.POSITIVE_INFINITY;
  // The request's start is known to the second: a login in that same second may have come
  // before it, so only a login in a later second counts as made for it (the safe side).
  if (at > startedAt) return false;
  const prompts = typeof interaction.params.prompt === 'string' ? interaction.params.prompt.split(' ') : [];
  if (prompts.includes('login')) return true;
  const maxAge = interaction.params.max_age;
  return maxAge !== undefined && Math.floor(Date.now() / 1000) - at > Number(maxAge);
}

/** `prompt=consent`: the consent screen shows even when every scope was granted before. */
export function consentPrompted(interaction: Interaction): boolean {
  return (
    typeof interaction.params.prompt === 'string' && interaction.params.prompt.split(' ').includes('consent')
  );
}

/** The address the browser goes to next: the provider's resume endpoint, as a same-origin path. */
function resumePath(interaction: Interaction): string {
  const url = new URL(interaction.returnTo);
  return `${url.pathname}${url.search}`;
}

async function saveResult(interaction: Interaction, result: Interaction['result']): Promise<string> {
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return resumePath(interaction);
}

/**
 * Finishes the interaction for the portal's user: login as that user, and consent by adding the
 * requested scopes (and any requested claims) to the user's one grant for this client.
 */
export async function acceptInteraction(
  provider: Provider,
  db: Db,
  interaction: Interaction,
  input: {
    userId: number;
    client: OAuthClient;
    scopes: string[];
    /** The portal login behind the bearer session: the ID token's auth_time and amr. */
    authentication: { at: Date; amr: string[] };
  },
): Promise<string> {
  const accountId = String(input.userId);
  const { grant: existing } = await previouslyGranted(provider, db, input.userId, input.client.clientId);
  const grant = existing ?? new provider.Grant({ accountId, clientId: input.client.clientId });
  if (input.scopes.length) grant.addOIDCScope(input.scopes.join(' '));
  const claims = interaction.prompt.details.missingOIDCClaims;
  if (Array.isArray(claims) && claims.length) grant.addOIDCClaims(claims as string[]);
  const grantId = await grant.save();
  const ts = Math.floor(new Date(input.authentication.at).getTime() / 1000);
  return saveResult(interaction, {
    login: { accountId, ts, amr: input.authentication.amr },
    consent: { grantId },
  });
}

/** Finishes the interaction with access_denied, which the provider sends to the client. */
export function refuseInteraction(interaction: Interaction): Promise<string> {
  return saveResult(interaction, {
    error: 'access_denied',
    error_description: 'The user refused to grant access',
  });
}
