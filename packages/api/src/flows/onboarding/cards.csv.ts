import { parseActivationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import { EDITION_IDS, EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import { CsvError, parse } from 'csv-parse/sync';

// The card import file (`npm run admin -- cards import FILE.csv`): one card per line after a header
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

export interface RowError {
  line: number;
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

/** Every row checked; any error means the file is refused whole. Duplicates inside the file too. */
export function parseCardsCsv(text: string): { rows: CardRow[]; errors: RowError[] } {
  let records: { fields: string[]; line: number }[];
  try {
    records = readRecords(text);
  } catch (error) {
    // An unclosed quote or the like: the parser names the line.
    const line = error instanceof CsvError ? Number(error.lines ?? 1) : 1;
    return { rows: [], errors: [{ line, message: error instanceof Error ? error.message : String(error) }] };
  }
  const header = (records[0]?.fields ?? []).map((name) => name.toLowerCase());
  const errors: RowError[] = [];
  const missing = REQUIRED.filter((name) => !header.includes(name));
  const unknown = header.filter((name) => !(CARD_COLUMNS as readonly string[]).includes(name));
  if (missing.length || unknown.length) {
    const parts = [];
    if (missing.length) parts.push(`missing column(s) ${missing.join(', ')}`);
    if (unknown.length) parts.push(`unknown column(s) ${unknown.join(', ')}`);
    return { rows: [], errors: [{ line: 1, message: parts.join('; ') }] };
  }
  const rows: CardRow[] = [];
  const seenNumbers = new Map<string, number>();
  const seenCodes = new Map<string, number>();
  for (const { fields, line } of records.slice(1)) {
    const value = (name: string) => fields[header.indexOf(name)] ?? '';
    const problems: string[] = [];
    if (fields.length !== header.length) problems.push(`${fields.length} fields, expected ${header.length}`);
    const edition = value('edition') as EditionId;
    if (!(EDITION_IDS as readonly string[]).includes(edition))
      problems.push(`unknown edition "${value('edition')}"`);
    const number = parseCardNumber(value('number'));
    if (!number) problems.push(`invalid card number "${value('number')}" (16 digits, 5065, Luhn check)`);
    else if (seenNumbers.has(number)) problems.push(`card number repeats line ${seenNumbers.get(number)}`);
    let activationCode: string | null = null;
    if (value('activation_code')) {
      activationCode = parseActivationCode(value('activation_code')) ?? null;
      if (!activationCode) problems.push(`invalid activation code "${value('activation_code')}"`);
      else if (seenCodes.has(activationCode))
        problems.push(`activation code repeats line ${seenCodes.get(activationCode)}`);
    } else if (EDITIONS[edition]?.onboardingCardEntry === 'activation_code')
      problems.push(`an activation code is required in the ${edition} edition`);
    for (const name of ['company', 'firstname', 'lastname'])
      if (!value(name)) problems.push(`${name} is empty`);
    const birthdate = value('birthdate') || null;
    if (birthdate && !isDate(birthdate)) problems.push(`invalid birthdate "${birthdate}" (YYYY-MM-DD)`);
    let nationalRegisterNumber: string | null = null;
    if (value('national_register_number') && EDITIONS[edition]) {
      nationalRegisterNumber =
        parseNationalRegisterNumber(
          value('national_register_number'),
          EDITIONS[edition].nationalNumberFormat,
        ) ?? null;
      if (!nationalRegisterNumber)
        problems.push(`invalid national register number "${value('national_register_number')}"`);
    }
    const status = (value('status') || 'inactive') as CardRow['status'];
    if (!CARD_STATUSES.includes(status))
      problems.push(`invalid status "${value('status')}" (${CARD_STATUSES.join(' or ')})`);
    if (problems.length) {
      errors.push({ line, message: problems.join('; ') });
      continue;
    }
    seenNumbers.set(number as string, line);
    if (activationCode) seenCodes.set(activationCode, line);
    rows.push({
      line,
      edition,
      number: number as string,
      activationCode,
      company: value('company'),
      firstname: value('firstname'),
      lastname: value('lastname'),
      birthdate,
      nationalRegisterNumber,
      status,
    });
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'the file has no card' });
  return { rows, errors };
}
