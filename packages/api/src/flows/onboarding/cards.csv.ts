import { parseActivationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import { EDITION_IDS, EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';

// The card import file (`npm run admin -- cards import FILE.csv`): one card per line after a header
// naming the columns, in any order. Required: edition, number, company, firstname, lastname.
// Optional: activation_code (required in an edition whose holders sign up with one), birthdate
// (YYYY-MM-DD), national_register_number, status (inactive, the default, or held).

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

/** RFC 4180 fields of one line: commas, double quotes, "" inside quotes. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Every row checked; any error means the file is refused whole. Duplicates inside the file too. */
export function parseCardsCsv(text: string): { rows: CardRow[]; errors: RowError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((name) => name.toLowerCase());
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
  for (let index = 1; index < lines.length; index++) {
    const raw = lines[index] ?? '';
    if (raw.trim() === '') continue;
    const line = index + 1;
    const fields = splitCsvLine(raw);
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
    if (status !== 'inactive' && status !== 'held') problems.push(`invalid status "${value('status')}"`);
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
