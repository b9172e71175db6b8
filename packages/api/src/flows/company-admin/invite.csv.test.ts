import { describe, expect, it } from 'vitest';
import { parseInviteCsv } from './invite.csv';

describe('parseInviteCsv', () => {
  it('reads a file Excel saved in a Belgian locale: BOM, semicolons, CRLF, French headers', () => {
    const { rows, errors } = parseInviteCsv(
      '\uFEFFPrénom;Nom;E-mail;Langue\r\nAnna;Peeters;Anna.Peeters@Example.com;nl\r\n\r\nLuc;Dubois;luc@example.com;FR\r\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, email: 'anna.peeters@example.com', firstname: 'Anna', lastname: 'Peeters', language: 'nl' },
      { row: 4, email: 'luc@example.com', firstname: 'Luc', lastname: 'Dubois', language: 'fr' },
    ]);
  });

  it('reads commas and quoted fields, the e-mail column alone being required', () => {
    const { rows, errors } = parseInviteCsv('email,lastname\n"a@example.com","Van Damme, Jr"\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, email: 'a@example.com', firstname: null, lastname: 'Van Damme, Jr', language: null },
    ]);
  });

  it('names each bad row and its field: a bad e-mail, a duplicate in the file, an unknown language', () => {
    const { rows, errors } = parseInviteCsv(
      'email;firstname;language\nok@example.com;A;en\nnot-an-address;B;en\nOK@example.com;C;en\nz@example.com;D;xx\n',
    );
    expect(rows.map((row) => row.row)).toEqual([2]);
    expect(errors).toEqual([
      { row: 3, field: 'email', code: 'invalid_email' },
      { row: 4, field: 'email', code: 'duplicate_in_file' },
      { row: 5, field: 'language', code: 'invalid_language' },
    ]);
  });

  it('refuses a file without an e-mail column, without rows, or with too many rows', () => {
    expect(parseInviteCsv('name;phone\nA;1\n').errors).toEqual([
      { row: 1, field: 'email', code: 'missing_column' },
    ]);
    expect(parseInviteCsv('email\n').errors).toEqual([{ row: 0, field: 'file', code: 'no_rows' }]);
    const big = `email\n${Array.from({ length: 501 }, (_, i) => `p${i}@example.com`).join('\n')}`;
    expect(parseInviteCsv(big).errors).toEqual([{ row: 0, field: 'file', code: 'too_many_rows' }]);
  });

  it('answers an unreadable file (an open quote) as a typed error, not an exception', () => {
    const { errors } = parseInviteCsv('email\n"a@example.com\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ field: 'file', code: 'unreadable' });
  });
});
