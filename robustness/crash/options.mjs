// What a crash run is asked to do: the command-line options and CRASH_* settings (docs/operations.md
// §9), the constants the server and the checks must agree on, and the run's log.

const args = new Set(process.argv.slice(2));

/** --postgres or --pglite runs one database; without either, both in turn. */
export const MODES = args.has('--pglite')
  ? ['pglite']
  : args.has('--postgres')
    ? ['postgres']
    : ['postgres', 'pglite'];
const quick = args.has('--quick');
export const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (quick ? 3 : 6));
export const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
/** Traffic before each kill: a random time in this range, then the moment of the round's kind. */
/** @type {[number, number]} */
export const TRAFFIC_MS = quick ? [1_500, 3_000] : [2_000, 6_000];
/**
 * Where the kill strikes, in turn: at a random moment; while a merge request is in flight (its
 * transaction is open or committing); just after the SMTP server or SMS API accepted a message
 * (the worker is between the provider's answer and marking the row sent).
 */
export const KILL_KINDS = ['random', 'merge', 'delivery'];
export const ADMIN_URL = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** CRASH_KEEP=1 keeps the run's directory (logs, journal, deliveries) even when the run passes. */
export const KEEP = Boolean(process.env.CRASH_KEEP);

// The server encrypts with this key and check.ts decrypts with it; the Message-IDs of e-mails are
// built on the sender's domain, which the final check needs to recompute them.
export const ENCRYPTION_KEY = Buffer.alloc(32, 11).toString('base64');
export const MAIL_FROM = 'Vestibule <no-reply@vestibule.test>';
/** The outbox worker's claim lease (delivery/worker.ts): a dead process's claims wait this long. */
export const LEASE_SECONDS = 120;

export const started = Date.now();
export const log = (message) =>
  console.log(`[crash ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
