import { consentsResponseSchema } from '@vestibule/contract/schemas/privacy';
import { latestConsents } from '../../account/consents';
import { defineRoute } from '../../http/route';

/**
 * GET /api/user/consents: the consent ledger's latest entry of each kind (terms, privacy,
 * marketing by e-mail and SMS), which the privacy and terms pages show beside the current text.
 */
const listConsents = defineRoute({
  method: 'GET',
  url: '/user/consents',
  summary: "The consent ledger's latest entry of each kind",
  auth: 'user',
  response: consentsResponseSchema,
  handler: async function listConsents({ auth, db }) {
    const rows = await latestConsents(db, auth.userId);
    return {
      consents: rows.map((row) => ({
        kind: row.kind,
        granted: row.granted,
        version: row.version,
        language: row.language,
        at: new Date(row.created_at).toISOString(),
      })),
    };
  },
});

export const consentRoutes = [listConsents];
