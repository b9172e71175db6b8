import type { KeyringCommand, Write } from '../operations/command-line';
import { rotateKeyring } from '../operations/keyring';
import { type KeyUsage, keyUsage } from '../operations/sealed-columns';
import type { SecretBox } from '../security/secret-box';

export const KEYS_USAGE = `  keys status                           what each key of ENCRYPTION_KEY still seals; which can be dropped
  keys rotate                           re-seals everything under the active (first) key, in batches,
                                        while the service runs; resumable
`;

/** The lines of `keys status`: per column and key, then what each older key is still needed for. */
function describeUsage(usage: KeyUsage, secrets: SecretBox, write: Write) {
  write(`Active key: ${secrets.activeKeyId} (ENCRYPTION_KEY holds ${secrets.keyIds.join(', ')}).`);
  for (const row of usage.sealed) write(`  ${row.column.padEnd(42)} ${row.keyId.padEnd(8)} ${row.count}`);
  for (const row of usage.recoveryKeys)
    write(`  ${'unused TOTP recovery keys (hashes)'.padEnd(42)} ${row.keyId.padEnd(8)} ${row.count}`);
  const stale = usage.sealed.filter((row) => row.keyId !== secrets.activeKeyId);
  if (stale.length || usage.openSetups) {
    const count = stale.reduce((sum, row) => sum + row.count, 0);
    write(
      `${count} value(s) and ${usage.openSetups} open authenticator set-up(s) are not under the active key: ` +
        'run `npm run admin -- keys rotate` (set-ups expire by themselves within minutes).',
    );
    return;
  }
  for (const keyId of secrets.keyIds.slice(1)) {
    const recovery = usage.recoveryKeys.find((row) => row.keyId === keyId)?.count ?? 0;
    write(
      recovery
        ? `Key ${keyId} seals nothing any more but still verifies ${recovery} unused recovery key(s): dropping it voids them (their users set up their authenticator again to get new ones).`
        : `Key ${keyId} is no longer used: it can be dropped from ENCRYPTION_KEY.`,
    );
  }
  if (secrets.keyIds.length === 1) write('Nothing is sealed under another key.');
}

/** `keys status` and `keys rotate`; undefined for any other command. */
export const runKeysCommand: KeyringCommand = async (db, argv, write, secrets) => {
  const [command, sub] = argv;
  if (command !== 'keys') return undefined;
  if (sub === 'status' || sub === undefined) {
    describeUsage(await keyUsage(db, secrets), secrets, write);
    return 0;
  }
  if (sub === 'rotate') {
    write(`Re-sealing under key ${secrets.activeKeyId}…`);
    const count = await rotateKeyring(db, secrets, ({ column, done, total }) =>
      write(`  ${column}: ${done}/${total}`),
    );
    write(`Re-sealed ${count} value(s).`);
    describeUsage(await keyUsage(db, secrets), secrets, write);
    return 0;
  }
  write(`Unknown command: ${argv.join(' ')}\n\n${KEYS_USAGE}`);
  return 2;
};
