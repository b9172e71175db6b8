import { parseActivationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import { hasControlCharacter } from '@vestibule/contract/control-characters';
import { EDITION_IDS, EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import type { CardRowErrorCode } from '@vestibule/contract/schemas/admin-integration';
import { CsvError, parse } from 'csv-parse/sync';

// The card import file (`npm run admin -- cards import FILE.csv`, and the console's card import): one card per line after a header
// naming the columns, in any order, separated by commas, semicolons or tabs (read with csv-parse,
// the delimiter taken from the header, a BOM dropped). Required: edition, number, company, firstname, lastname.
// Optional: activation_code (required in an edition whose holders sign up with one), birthdate
// (YYYY-MM-DD), national_register_number, status (CARD_STATUSES: inactive, the default, or held).

export const CARD_COLUMNS = [
  'edition',
  'number',
  'activation_code',
  'company',
  'firstname',
  'lastname',
  'birthdate',
  'national_register_number',
  'status',
] as const;
const REQUIRED = ['edition', 'number', 'company', 'firstname', 'lastname'] as const;
/** The `status` values an import may give: a new card, or one the issuer holds (its activation fails). */
export const CARD_STATUSES = ['inactive', 'held'] as const;

export interface CardRow {
  line: number;
  edition: EditionId;
  number: string;
  activationCode: string | null;
  company: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  nationalRegisterNumber: string | null;
  status: 'inactive' | 'held';
}

/**
 * One problem of one row: its line, the column (`file` for the file as a whole), a code the
 * console translates, and the English sentence the CLI prints.
 */
export interface RowError {
  line: number;
  field: string;
  code: CardRowErrorCode;
  message: string;
}

/** The delimiter of the header line: Excel writes `;` in Belgian, French and Luxembourg locales. */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

interface InfoRecord {
  record: string[];
  info: { lines: number };
}

/** The file's records (RFC 4180 quoting, BOM dropped, empty lines skipped), each with its line. */
function readRecords(text: string): { fields: string[]; line: number }[] {
  // With `info`, each record comes with where it was read (the typings know only the plain form).
  const records = parse(text, {
    bom: true,
    delimiter: delimiterOf(text),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as unknown as InfoRecord[];
  return records.map(({ record, info }) => ({ fields: record, line: info.lines }));
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The problems of one record, each naming its column. */
function rowProblems(
  value: (name: string) => string,
  fieldCount: number,
  headerCount: number,
  seen: { numbers: Map<string, number>; codes: Map<string, number> },
): { problems: Omit<RowError, 'line'>[]; row?: Omit<CardRow, 'line'> } {
  const problems: Omit<RowError, 'line'>[] = [];
  const problem = (field: string, code: CardRowErrorCode, message: string) =>
    problems.push({ field, code, message });
  if (fieldCount !== headerCount)
    problem('file', 'field_count', `${fieldCount} fields, expected ${headerCount}`);
  // A control character (a stray NUL, a line break inside quotes) would reach a holder's name.
  for (const name of CARD_COLUMNS)
    if (hasControlCharacter(value(name)))
      problem(name, 'control_character', `${name} holds a control character`);
  if (problems.some((item) => item.code === 'control_character')) return { problems };
  const edition = value('edition') as EditionId;
  if (!(EDITION_IDS as readonly string[]).includes(edition))
    problem('edition', 'unknown_edition', `unknown edition "${value('edition')}"`);
  const number = parseCardNumber(value('number'));
  if (!number)
    problem(
      'number',
      'invalid_number',
      `invalid card number "${value('number')}" (16 digits, 5065, Luhn check)`,
    );
  else if (seen.numbers.has(number))
    problem('number', 'duplicate_number', `card number repeats line ${seen.numbers.get(number)}`);
  let activationCode: string | null = null;
  if (value('activation_code')) {
    activationCode = parseActivationCode(value('activation_code')) ?? null;
    if (!activationCode)
      problem(
        'activation_code',
        'invalid_activation_code',
        `invalid activation code "${value('activation_code')}"`,
      );
    else if (seen.codes.has(activationCode))
      problem(
        'activation_code',
        'duplicate_activation_code',
        `activation code repeats line ${seen.codes.get(activationCode)}`,
      );
  } else if (EDITIONS[edition]?.onboardingCardEntry === 'activation_code')
    problem(
      'activation_code',
      'activation_code_required',
      `an activation code is required in the ${edition} edition`,
    );
  for (const name of ['company', 'firstname', 'lastname'])
    if (!value(name)) problem(name, 'empty', `${name} is empty`);
  const birthdate = value('birthdate') || null;
  if (birthdate && !isDate(birthdate))
    problem('birthdate', 'invalid_birthdate', `invalid birthdate "${birthdate}" (YYYY-MM-DD)`);
  let nationalRegisterNumber: string | null = null;
  if (value('national_register_number') && EDITIONS[edition]) {
    nationalRegisterNumber =
      parseNationalRegisterNumber(
        value('national_register_number'),
        EDITIONS[edition].nationalNumberFormat,
      ) ?? null;
    if (!nationalRegisterNumber)
      problem(
        'national_register_number',
        'invalid_national_register_number',
        `invalid national register number "${value('national_register_number')}"`,
      );
  }
  const status = (value('status') || 'inactive') as CardRow['status'];
  if (!CARD_STATUSES.includes(status))
    problem(
      'status',
      'invalid_status',
      `invalid status "${value('status')}" (${CARD_STATUSES.join(' or ')})`,
    );
  if (problems.length) return { problems };
  return {
    problems,
    row: {
      edition,
      number: number as string,
      activationCode,
      company: value('company'),
      firstname: value('firstname'),
      lastname: value('lastname'),
      birthdate,
      nationalRegisterNumber,
      status,
    },
  };
}

/** Every row checked; any error means the file is refused whole. Duplicates inside the file too. */
export function parseCardsCsv(
  text: string,
  limits: { maxRows?: number } = {},
): { rows: CardRow[]; errors: RowError[] } {
  let records: { fields: string[]; line: number }[];
  try {
    records = readRecords(text);
  } catch (error) {
    // An unclosed quote or the like: the parser names the line.
    const line = error instanceof CsvError ? Number(error.lines ?? 1) : 1;
    const message = error instanceof Error ? error.message : String(error);
    return { rows: [], errors: [{ line, field: 'file', code: 'unreadable', message }] };
  }
  const header = (records[0]?.fields ?? []).map((name) => name.toLowerCase());
  const missing = REQUIRED.filter((name) => !header.includes(name));
  const unknown = header.filter((name) => !(CARD_COLUMNS as readonly string[]).includes(name));
  if (missing.length || unknown.length) {
    const parts: string[] = [];
    if (missing.length) parts.push(`missing column(s) ${missing.join(', ')}`);
    if (unknown.length) parts.push(`unknown column(s) ${unknown.join(', ')}`);
    const message = parts.join('; ');
    return {
      rows: [],
      errors: [
        ...missing.map((field): RowError => ({ line: 1, field, code: 'missing_column', message })),
        ...unknown.map((field): RowError => ({ line: 1, field, code: 'unknown_column', message })),
      ],
    };
  }
  if (limits.maxRows !== undefined && records.length - 1 > limits.maxRows) {
    const message = `more than ${limits.maxRows} cards: split the file`;
    return { rows: [], errors: [{ line: 1, field: 'file', code: 'too_many_rows', message }] };
  }
  const rows: CardRow[] = [];
  const errors: RowError[] = [];
  const seen = { numbers: new Map<string, number>(), codes: new Map<string, number>() };
  for (const { fields, line } of records.slice(1)) {
    const value = (name: string) => fields[header.indexOf(name)] ?? '';
    const { problems, row } = rowProblems(value, fields.length, header.length, seen);
    errors.push(...problems.map((item) => ({ line, ...item })));
    if (!row) continue;
    seen.numbers.set(row.number, line);
    if (row.activationCode) seen.codes.set(row.activationCode, line);
    rows.push({ line, ...row });
  }
  if (rows.length === 0 && errors.length === 0)
    errors.push({ line: 1, field: 'file', code: 'no_rows', message: 'the file has no card' });
  return { rows, errors };
}
