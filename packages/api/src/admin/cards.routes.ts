import {
  CARD_IMPORT_MAX_ROWS,
  type CardRowError,
  cardImportRequestSchema,
  cardImportResponseSchema,
} from '@vestibule/contract/schemas/admin-integration';
import { insertCards, parseCardsCsv, type RowError, registryConflicts } from '../flows/onboarding/index';
import { ApiError } from '../http/api-error';
import { enforceLimit } from '../http/enforce-limit';
import { ADMIN_CARD_IMPORTS_PER_ACTOR } from './admin.rate-limits';
import { defineAdminRoute } from './admin-route';
import { requireEdition } from './guard';
import { requireReason } from './staff-audit';
import { operatorAudit, staffChange } from './staff-change';

// The operator's card import (the CLI's `cards import`, same parser, same checks, same rule:
// a file with any bad row is refused whole) for the console and machine clients with
// admin:operations. Answers and audit rows carry counts, never a card number.

/** The rows' problems as the console reads them: line, column, code; none of the values. */
const asRowErrors = (errors: readonly RowError[]): CardRowError[] =>
  [...errors]
    .sort((a, b) => a.line - b.line)
    .map((error) => ({ row: error.line, field: error.field, code: error.code }));

/** A console import is for one edition: a row of another is refused like any bad row. */
function otherEditionErrors(rows: ReturnType<typeof parseCardsCsv>['rows'], edition: string): RowError[] {
  return rows
    .filter((row) => row.edition !== edition)
    .map((row) => ({
      line: row.line,
      field: 'edition',
      code: 'other_edition',
      message: `edition ${row.edition}, not ${edition}`,
    }));
}

/** PostgreSQL's unique violation: a concurrent import took the same card first. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const importCards = defineAdminRoute({
  method: 'POST',
  url: '/cards/import',
  summary: 'Import issued cards of one edition from a CSV file, all rows or none (422 names each bad row)',
  capability: 'operations',
  body: cardImportRequestSchema,
  response: cardImportResponseSchema,
  status: 201,
  handler: async function importCards({ body, actor, request, secrets }) {
    requireEdition(actor, body.edition);
    const why = requireReason(body);
    await enforceLimit(request, ADMIN_CARD_IMPORTS_PER_ACTOR, actor.ref);
    const text = Buffer.from(body.csv_base64, 'base64').toString('utf8');
    const parsed = parseCardsCsv(text, { maxRows: CARD_IMPORT_MAX_ROWS });
    const errors = [...parsed.errors, ...otherEditionErrors(parsed.rows, body.edition)];
    return staffChange(request, actor, {
      apply: async (trx) => {
        errors.push(...(await registryConflicts(trx, secrets, parsed.rows)));
        if (errors.length) throw new ApiError('cards_csv_invalid', { extra: { rows: asRowErrors(errors) } });
        return insertCards(trx, secrets, parsed.rows);
      },
      audit: (created) => operatorAudit('cards.imported', body.edition, { count: created }, why),
    })
      .then((created) => ({ rows: parsed.rows.length, created, updated: 0, unchanged: 0 }))
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        throw new ApiError('cards_csv_invalid', {
          extra: { rows: [{ row: 0, field: 'number', code: 'already_registered' }] },
        });
      });
  },
});

export const cardAdminRoutes = [importCards];
