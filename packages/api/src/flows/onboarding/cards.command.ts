import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EDITION_IDS, type EditionId } from '@vestibule/contract/editions';
import { emailSchema } from '@vestibule/contract/username';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import type { KeyringCommand, Write } from '../../operations/command-line';
import type { SecretBox } from '../../security/secret-box';
import { parseCardsCsv } from './cards.csv';
import { countsByEdition, errorLines, insertCards, registryConflicts } from './cards.import';
import { createInvitation, INVITATION_TTL_DAYS } from './registry';

export const ONBOARDING_USAGE = `  cards import FILE.csv                 imports issued cards (header: edition,number,company,firstname,
                                        lastname[,activation_code,birthdate,national_register_number,status]),
                                        commas or semicolons; status inactive (default) or held;
                                        a file with any bad row is refused whole, each bad row named by line
  invitations create --email ADDRESS --company NAME [--edition general|lu] [--firstname NAME]
              [--lastname NAME] [--language fr] [--days ${INVITATION_TTL_DAYS}] [--link-base URL]
                                        creates an invitation; its code goes out by e-mail (outbox)
`;

function flag(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function importCards(
  db: Db,
  secrets: SecretBox,
  file: string | undefined,
  write: Write,
): Promise<number> {
  if (!file) {
    write('Usage: cards import FILE.csv');
    return 2;
  }
  let text: string;
  try {
    text = await readFile(resolve(file), 'utf8');
  } catch {
    write(`Cannot read ${file}.`);
    return 1;
  }
  const { rows, errors } = parseCardsCsv(text);
  errors.push(...(await registryConflicts(db, secrets, rows)));
  if (errors.length) {
    const lines = errorLines(errors);
    for (const line of lines) write(line);
    write(`Nothing imported: ${lines.length} bad row(s).`);
    return 1;
  }
  await db.transaction().execute(async (trx) => {
    await insertCards(trx, secrets, rows);
    for (const [edition, count] of countsByEdition(rows))
      await audit(trx, { kind: 'cards.imported', userId: null, edition, detail: { count } });
  });
  write(`Imported ${rows.length} card(s).`);
  return 0;
}

async function createInvitationCommand(
  db: Db,
  secrets: SecretBox,
  args: readonly string[],
  write: Write,
): Promise<number> {
  const email = emailSchema.safeParse(flag(args, '--email') ?? '');
  const company = flag(args, '--company')?.trim();
  const edition = (flag(args, '--edition') ?? 'general') as EditionId;
  const days = Number(flag(args, '--days') ?? INVITATION_TTL_DAYS);
  const problems: string[] = [];
  if (!email.success) problems.push('--email needs a valid address');
  if (!company) problems.push('--company needs a name');
  if (!(EDITION_IDS as readonly string[]).includes(edition)) problems.push('--edition is general or lu');
  if (!Number.isInteger(days) || days < 1 || days > 365) problems.push('--days is 1 to 365');
  if (problems.length || !email.success || !company) {
    write(`Cannot create the invitation: ${problems.join('; ')}.`);
    return 2;
  }
  // The edition's public origin, as the server's configuration names it (config.ts defaults).
  const port = process.env.PORT ?? '3000';
  const linkBase =
    flag(args, '--link-base') ??
    (edition === 'lu'
      ? (process.env.PUBLIC_URL_LU ?? `http://lu.localhost:${port}`)
      : (process.env.PUBLIC_URL ?? `http://localhost:${port}`));
  const created = await db.transaction().execute(async (trx) => {
    const invitation = await createInvitation(trx, secrets, {
      edition,
      email: email.data,
      company,
      firstname: flag(args, '--firstname') ?? null,
      lastname: flag(args, '--lastname') ?? null,
      language: flag(args, '--language'),
      days,
      linkBase,
    });
    await audit(trx, {
      kind: 'invitation.created',
      userId: null,
      edition,
      detail: { invitation_id: invitation.id },
    });
    return invitation;
  });
  write(
    // The code is a bearer secret: it travels only in the e-mail, never in a terminal or a log.
    `Invitation ${created.id} for ${email.data} (${company}), valid until ${created.expiresAt.toISOString()}; its code was sent by e-mail.`,
  );
  return 0;
}

/** `cards …` and `invitations …`; undefined when the command is not one of these. */
export const runOnboardingCommand: KeyringCommand = async (db, argv, write, secrets) => {
  const [command, sub, ...args] = argv;
  if (command === 'cards' && sub === 'import') return importCards(db, secrets, args[0], write);
  if (command === 'invitations' && sub === 'create') return createInvitationCommand(db, secrets, args, write);
  return undefined;
};
