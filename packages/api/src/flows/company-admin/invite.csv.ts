import { hasControlCharacter } from '@vestibule/contract/control-characters';
import {
  CSV_INVITE_MAX_ROWS,
  type CsvRowError,
  INVITE_LANGUAGES,
} from '@vestibule/contract/schemas/company-admin';
import { emailSchema } from '@vestibule/contract/username';
import { CsvError, parse } from 'csv-parse/sync';

// The invitation file of a company admin: a header naming the columns (email required;
// firstname, lastname, language optional; any order, any case), one person a line, separated by
// commas, semicolons (Excel in Belgian, French and Luxembourg locales) or tabs, a BOM dropped.

export interface InviteRow {
  row: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  language: (typeof INVITE_LANGUAGES)[number] | null;
}

const COLUMNS = ['email', 'firstname', 'lastname', 'language'] as const;
/** Header names Excel users write for the same columns. */
const ALIASES: Record<string, (typeof COLUMNS)[number]> = {
  'e-mail': 'email',
  mail: 'email',
  'first name': 'firstname',
  first_name: 'firstname',
  prenom: 'firstname',
  prénom: 'firstname',
  'last name': 'lastname',
  last_name: 'lastname',
  nom: 'lastname',
  langue: 'language',
};

/** The delimiter of the header line: the one it holds most of. */
export function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

/** Rows of the file with their line, or the errors that make it unreadable. */
export function parseInviteCsv(text: string): { rows: InviteRow[]; errors: CsvRowError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError)
      return { rows: [], errors: [{ row: Number(error.lines ?? 0), field: 'file', code: 'unreadable' }] };
    throw error;
  }
  const [header, ...body] = records;
  const columns = (header?.record ?? []).map((name) => {
    const key = name.toLowerCase().trim();
    return ALIASES[key] ?? (COLUMNS as readonly string[]).find((column) => column === key);
  });
  if (!columns.includes('email'))
    return { rows: [], errors: [{ row: 1, field: 'email', code: 'missing_column' }] };
  if (body.length === 0) return { rows: [], errors: [{ row: 0, field: 'file', code: 'no_rows' }] };
  if (body.length > CSV_INVITE_MAX_ROWS)
    return { rows: [], errors: [{ row: 0, field: 'file', code: 'too_many_rows' }] };
  const rows: InviteRow[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const value = (column: (typeof COLUMNS)[number]) => {
      const index = columns.indexOf(column);
      return index >= 0 ? (record[index] ?? '').trim() : '';
    };
    const row = info.lines;
    const email = emailSchema.safeParse(value('email'));
    const language = value('language').toLowerCase().slice(0, 2);
    const rowErrors: CsvRowError[] = [];
    if (!email.success) rowErrors.push({ row, field: 'email', code: 'invalid_email' });
    else if (seen.has(email.data)) rowErrors.push({ row, field: 'email', code: 'duplicate_in_file' });
    for (const name of ['firstname', 'lastname'] as const) {
      // Line breaks and tabs are the file's own; inside a field they are not a name.
      if (hasControlCharacter(value(name))) rowErrors.push({ row, field: name, code: 'unreadable' });
      else if (value(name).length > 100) rowErrors.push({ row, field: name, code: 'too_long' });
    }
    if (language && !(INVITE_LANGUAGES as readonly string[]).includes(language))
      rowErrors.push({ row, field: 'language', code: 'invalid_language' });
    if (email.success && !seen.has(email.data)) seen.set(email.data, row);
    if (rowErrors.length || !email.success) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      row,
      email: email.data,
      firstname: value('firstname') || null,
      lastname: value('lastname') || null,
      language: (language || null) as InviteRow['language'],
    });
  }
  return { rows, errors };
}
