import { emptySchema } from '@vestibule/contract/schemas/common';
import { dataExportSchema } from '@vestibule/contract/schemas/privacy';
import type { FastifyRequest } from 'fastify';
import { primaryAddresses } from '../../account/contacts';
import { sendRequestMessage } from '../../account/notices';
import { requireSudo } from '../../account/step-up';
import { requireUser } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { outboxWorkerOf } from '../../delivery/register';
import { defineRoute } from '../../http/route';
import { collectAccountData } from './export.queries';

/** The account's primary e-mail (else phone) learns that its data was downloaded. */
async function announceExport(
  trx: Db,
  request: FastifyRequest,
  user: { id: number; edition: string; language: string },
) {
  const primary = await primaryAddresses(trx, user.id);
  await sendRequestMessage(trx, request, {
    purpose: 'data_exported',
    edition: user.edition,
    locale: user.language,
    values: {},
    to: [
      primary.email ? { channel: 'email', address: primary.email } : undefined,
      !primary.email && primary.phone ? { channel: 'sms', address: primary.phone } : undefined,
    ],
  });
}

/**
 * POST /api/user/data-export (GDPR Art. 15 and 20): everything held about the account, behind a
 * step-up (403 sudo_required). A single grant serves one export: two asked at once give one.
 * Audited and announced in the same transaction.
 */
const exportData = defineRoute({
  method: 'POST',
  url: '/user/data-export',
  summary: 'Download everything held about the account (step-up required)',
  auth: 'user',
  body: emptySchema.optional(),
  response: dataExportSchema,
  handler: async function exportData({ auth, request, db, secrets }) {
    const user = await requireUser(db, auth);
    const document = await db.transaction().execute(async (trx) => {
      await requireSudo(trx, auth);
      await audit(trx, { kind: 'account.data_exported', userId: user.id, edition: user.edition }, request);
      await announceExport(trx, request, user);
      return collectAccountData(trx, secrets, user.id);
    });
    outboxWorkerOf(request.server)?.notify();
    return document;
  },
});

export const dataExportRoutes = [exportData];
