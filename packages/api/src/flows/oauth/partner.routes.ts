import { partnerQuerySchema, partnerResponseSchema } from '@vestibule/contract/schemas/oauth';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { findClient } from './clients.queries';

/**
 * GET /api/partner: the partner application a user comes from, for the /partner landing. An
 * unknown client, or a redirect_uri it did not register, is invalid_partner (SPEC §8 text).
 */
const partner = defineRoute({
  method: 'GET',
  url: '/partner',
  summary: 'The partner areas the user can open',
  auth: 'user',
  query: partnerQuerySchema,
  response: partnerResponseSchema,
  handler: async function partner({ query, request, db }) {
    const client = await findClient(db, query.client_id, request.edition.id);
    if (!client || client.firstParty) throw new ApiError('invalid_partner');
    if (query.redirect_uri !== undefined && !client.redirectUris.includes(query.redirect_uri))
      throw new ApiError('invalid_partner');
    return {
      client_id: client.clientId,
      name: client.name,
      homepage: client.homepage,
      destination: client.homepage,
    };
  },
});

export const partnerRoutes = [partner];
