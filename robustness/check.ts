// The invariants of a crash run, checked directly in the database after a kill (or at the end):
// every merge whole or absent, every contact change whole, every code challenge with exactly one
// outbox message, every acknowledged write still there; at the end also every message delivered,
// none twice except across a kill. Run by robustness/crash.mjs:
// `node --import tsx robustness/check.ts <state.json>` with DATABASE_URL or CRASH_PGLITE_DIR and
// ENCRYPTION_KEY; state.json names accounts.json, journal.json and (final) deliveries.json.
// Prints one JSON line: { ok, violations, notes, stats }.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../packages/api/src/db/database';
import { openBody } from '../packages/api/src/delivery/sealed-body';
import { outboxMessageId } from '../packages/api/src/delivery/transports/smtp';
import { openIdentifier } from '../packages/api/src/security/sealed-identifiers';
import { createSecretBox } from '../packages/api/src/security/secret-box';
import type { CrashAccount, CrashAccounts, CrashJournal } from './accounts';

interface Delivery {
  channel: 'email' | 'sms';
  to: string;
  messageId?: string;
  body?: string;
  at: number;
}

interface State {
  accounts: string;
  journal: string;
  /** Final check only: what the providers received, the kills, and the sender of e-mails. */
  deliveries?: string;
  kills?: { killedAt: number; restartedAt: number }[];
  mailFrom?: string;
}

const state = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as State;
const accounts = JSON.parse(readFileSync(state.accounts, 'utf8')) as CrashAccounts;
const journal = JSON.parse(readFileSync(state.journal, 'utf8')) as CrashJournal;
const final = state.deliveries !== undefined;
const secrets = createSecretBox(Buffer.from(process.env.ENCRYPTION_KEY ?? '', 'base64'));

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.CRASH_PGLITE_DIR,
});
const { db } = handle;

const violations: string[] = [];
const notes: string[] = [];
const fail = (message: string) => violations.push(message);
const CODE = /\b(\d{8})\b/;

// Everything is read once; the checks below work on these snapshots.
const [users, emails, phones, methods, sessions, trusted, cards, audits, outboxRows, challenges, flows] =
  await Promise.all([
    db.selectFrom('users').selectAll().execute(),
    db.selectFrom('user_emails').selectAll().orderBy('id').execute(),
    db.selectFrom('user_phones').selectAll().orderBy('id').execute(),
    db.selectFrom('mfa_methods').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').select(['id', 'user_id']).execute(),
    db.selectFrom('trusted_devices').select(['id', 'user_id']).execute(),
    db.selectFrom('cards').select(['id', 'user_id', 'number']).execute(),
    db.selectFrom('audit_events').select(['id', 'user_id', 'kind', 'detail']).orderBy('id').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    db.selectFrom('code_challenges').selectAll().execute(),
    db.selectFrom('fuzzion_flows').select(['id', 'step', 'user_id', 'other_user_id']).execute(),
  ]);
await handle.close();

function byUser<T extends { user_id: number | null }>(rows: T[]) {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    if (row.user_id === null) continue;
    const list = map.get(row.user_id) ?? [];
    list.push(row);
    map.set(row.user_id, list);
  }
  return (id: number) => map.get(id) ?? [];
}
const userById = new Map(users.map((u) => [u.id, u]));
const emailsOf = byUser(emails);
const phonesOf = byUser(phones);
const methodsOf = byUser(methods);
const sessionsOf = byUser(sessions);
const trustedOf = byUser(trusted);
const cardsOf = byUser(cards);
const auditsOf = byUser(audits);
const detail = (row: { detail: unknown }) =>
  (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>;
// Bodies are sealed at rest and dropped once a real transport delivered them (decision 0017): a
// delivered message reads as '' here, and its content is compared through what was captured.
const outbox = outboxRows.map((row) => ({ ...row, body_text: openBody(secrets, row).bodyText ?? '' }));
const messagesTo = new Map<string, typeof outbox>();
for (const message of outbox) {
  const list = messagesTo.get(message.recipient) ?? [];
  list.push(message);
  messagesTo.set(message.recipient, list);
}
/** Notices (messages without a code) of the given purposes to an address (outbox.purpose, 0014). */
const MERGE_NOTICES = ['merge_completed', 'merge_refused'];
const CONTACT_NOTICES = [
  'contact_added',
  'contact_changed',
  'contact_removed',
  'primary_changed',
  'login_changed',
];
const noticesTo = (address: string, purposes: readonly string[]) =>
  (messagesTo.get(address) ?? []).filter(
    (m) => !CODE.test(m.body_text) && purposes.includes(m.purpose ?? ''),
  );

// 1. Every account: primaries and MFA consistent. An open account with e-mails has exactly one
// primary e-mail (phones likewise), one primary MFA method when it has methods, and every SMS and
// e-mail method sends to a contact of the same account (contacts and methods never split).
for (const user of users) {
  const open = user.locked_at === null;
  const mine = { emails: emailsOf(user.id), phones: phonesOf(user.id), methods: methodsOf(user.id) };
  if (open && mine.emails.length && mine.emails.filter((e) => e.is_default).length !== 1)
    fail(`user ${user.id}: ${mine.emails.filter((e) => e.is_default).length} primary e-mails`);
  if (open && mine.phones.length && mine.phones.filter((p) => p.is_default).length !== 1)
    fail(`user ${user.id}: ${mine.phones.filter((p) => p.is_default).length} primary phones`);
  if (mine.methods.length && mine.methods.filter((m) => m.is_primary).length !== 1)
    fail(`user ${user.id}: ${mine.methods.filter((m) => m.is_primary).length} primary MFA methods`);
  for (const method of mine.methods) {
    if (method.method === 'totp') continue;
    const contacts =
      method.method === 'email' ? mine.emails.map((e) => e.address) : mine.phones.map((p) => p.number);
    if (!contacts.includes(method.target ?? ''))
      fail(
        `user ${user.id}: ${method.method} method ${method.id} sends to ${method.target}, not a contact of it`,
      );
  }
  if (!open && (mine.emails.length || mine.phones.length || mine.methods.length))
    fail(`user ${user.id}: locked (merged away) but still holds contacts or methods`);
}

// 2. Merges: whole or absent.
let merged = 0;
let contestedLost = 0;
const acked = new Set(journal.mergesAcked);
for (const [g, group] of accounts.groups.entries()) {
  const other = group.other;
  const row = userById.get(other.id);
  if (!row) {
    fail(`group ${g}: account ${other.id} vanished`);
    continue;
  }
  const otherMerges = auditsOf(other.id).filter((a) => a.kind === 'fuzzion.merged');
  const owners = group.survivors.map((s: CrashAccount) => ({
    account: s,
    hasEmail: emailsOf(s.id).some((e) => e.address === other.email),
    hasPhone: phonesOf(s.id).some((p) => p.number === other.phone),
    hasMethods: methodsOf(s.id).filter((m) => m.id === other.methods.sms || m.id === other.methods.email)
      .length,
    hasCard: cardsOf(s.id).some((c) => openIdentifier(secrets, c.number) === other.card),
    audits: auditsOf(s.id).filter((a) => a.kind === 'fuzzion.merged' && detail(a).from === other.id),
    customerId: userById.get(s.id)?.customer_user_id ?? null,
  }));
  if (row.locked_at !== null) {
    merged += 1;
    const winners = owners.filter(
      (o) => o.hasEmail || o.hasPhone || o.hasMethods || o.hasCard || o.audits.length,
    );
    if (winners.length !== 1) {
      fail(`group ${g}: merged account ${other.id} went to ${winners.length} survivors`);
      continue;
    }
    const w = winners[0]!;
    const where = `group ${g}: merge of ${other.id} into ${w.account.id}`;
    if (!(w.hasEmail && w.hasPhone && w.hasMethods === 2 && w.hasCard))
      fail(
        `${where} is partial: e-mail ${w.hasEmail}, phone ${w.hasPhone}, methods ${w.hasMethods}/2, card ${w.hasCard}`,
      );
    if (w.customerId !== `C-other-${g}`) fail(`${where}: client-area id not moved (${w.customerId})`);
    if (row.password_hash !== null || row.customer_user_id !== null || row.user_id !== null)
      fail(`${where}: the closed account kept its password or area ids`);
    if (emailsOf(other.id).length || phonesOf(other.id).length || methodsOf(other.id).length)
      fail(`${where}: the closed account kept contacts or methods`);
    if (sessionsOf(other.id).length || trustedOf(other.id).length || cardsOf(other.id).length)
      fail(`${where}: the closed account kept sessions, trusted devices or cards`);
    if (otherMerges.length !== 1 || w.audits.length !== 1)
      fail(`${where}: audit rows ${otherMerges.length} + ${w.audits.length}, expected 1 + 1`);
    const flowId = w.audits[0] ? detail(w.audits[0]).flow : undefined;
    if (flows.find((f) => f.id === flowId)?.step !== 'merged') fail(`${where}: its flow is not 'merged'`);
    for (const address of [other.email, other.phone, w.account.email, w.account.phone]) {
      const count = noticesTo(address, MERGE_NOTICES).length;
      if (count !== 1) fail(`${where}: ${count} merge notices to ${address}, expected 1`);
    }
    const survivorIndex = group.survivors.indexOf(w.account);
    for (const [s] of group.survivors.entries())
      if (s !== survivorIndex && acked.has(`${g}:${s}`))
        fail(`group ${g}: survivor ${s} was told 200 but the merge went to survivor ${survivorIndex}`);
    if (group.survivors.length > 1) contestedLost += 1;
  } else {
    const where = `group ${g}: account ${other.id} not merged`;
    for (const o of owners)
      if (o.hasEmail || o.hasPhone || o.hasMethods || o.hasCard || o.audits.length)
        fail(`${where}, yet survivor ${o.account.id} holds part of it (partial merge)`);
    if (row.password_hash === null) fail(`${where}, yet its password is gone`);
    if (!emailsOf(other.id).some((e) => e.address === other.email && e.is_default))
      fail(`${where}, yet its primary e-mail is gone`);
    if (!phonesOf(other.id).some((p) => p.number === other.phone && p.is_default))
      fail(`${where}, yet its primary phone is gone`);
    if (methodsOf(other.id).length !== 2 || cardsOf(other.id).length !== 1)
      fail(
        `${where}, yet it has ${methodsOf(other.id).length} methods and ${cardsOf(other.id).length} cards`,
      );
    if (otherMerges.length) fail(`${where}, yet it has a fuzzion.merged audit row`);
    for (const address of [other.email, other.phone, ...group.survivors.flatMap((s) => [s.email, s.phone])])
      if (noticesTo(address, MERGE_NOTICES).length) fail(`${where}, yet a merge notice went to ${address}`);
    for (const [s] of group.survivors.entries())
      if (acked.has(`${g}:${s}`))
        fail(`group ${g}: survivor ${s} was told 200 but nothing was merged (lost write)`);
  }
}

// 3. Contact changes of the churn accounts: whole, counted by their audit rows and notices, and
// every acknowledged one still there.
let extraContacts = 0;
for (const account of accounts.churn) {
  const where = `churn account ${account.id}`;
  const mineEmails = emailsOf(account.id);
  const minePhones = phonesOf(account.id);
  if (mineEmails.find((e) => e.is_default)?.address !== account.email)
    fail(`${where}: primary e-mail changed`);
  if (minePhones.find((p) => p.is_default)?.number !== account.phone) fail(`${where}: primary phone changed`);
  const extras = new Set([
    ...mineEmails.filter((e) => !e.is_default).map((e) => e.address),
    ...minePhones.filter((p) => !p.is_default).map((p) => p.number),
  ]);
  extraContacts += extras.size;
  const rows = auditsOf(account.id);
  const added = rows.filter((a) => a.kind === 'contact.added').length;
  const removed = rows.filter((a) => a.kind === 'contact.removed').length;
  if (added - removed !== extras.size)
    fail(
      `${where}: ${added} contact.added − ${removed} contact.removed audit rows ≠ ${extras.size} extra contacts`,
    );
  for (const primary of [account.email, account.phone]) {
    const count = noticesTo(primary, CONTACT_NOTICES).length;
    if (count !== added + removed)
      fail(`${where}: ${count} notices to its primary ${primary} for ${added + removed} audited changes`);
  }
  const log = journal.contacts[String(account.id)] ?? {
    added: [],
    addAttempted: [],
    removeAttempted: [],
    removed: [],
  };
  const attempted = new Set(log.addAttempted);
  for (const value of extras) {
    if (!attempted.has(value)) fail(`${where}: holds ${value}, which was never asked for`);
    if (noticesTo(value, CONTACT_NOTICES).length !== 1)
      fail(`${where}: ${value} is held but got ${noticesTo(value, CONTACT_NOTICES).length} notices`);
  }
  for (const value of attempted) {
    if (extras.has(value)) continue;
    const count = noticesTo(value, CONTACT_NOTICES).length;
    if (count !== 0 && count !== 2)
      fail(`${where}: ${value} is not held but got ${count} notices (0 or 2 expected)`);
  }
  const removeTried = new Set(log.removeAttempted);
  for (const value of log.added)
    if (!removeTried.has(value) && !extras.has(value))
      fail(`${where}: ${value} was added (200) and is gone (lost write)`);
  for (const value of log.removed)
    if (extras.has(value)) fail(`${where}: ${value} was removed (200) and is back`);
}

// 4. MFA logins: a session for every login audit row and the reverse; none acknowledged lost.
for (const account of accounts.logins) {
  const audited = auditsOf(account.id).filter((a) => a.kind === 'login.succeeded').length;
  const open = sessionsOf(account.id).length;
  if (audited !== open) fail(`login account ${account.id}: ${open} sessions for ${audited} login audit rows`);
  const ack = journal.logins[String(account.id)] ?? 0;
  if (open < ack)
    fail(`login account ${account.id}: ${open} sessions after ${ack} acknowledged logins (lost write)`);
}

// 5. Codes: each challenge's current code is in exactly one outbox message to its target, and per
// target there are as many code messages as codes sent (first sends + resends): none lost, none extra.
const challengeById = new Map(challenges.map((c) => [c.id, c]));
const codesPerTarget = new Map<string, number>();
let codeChallenges = 0;
for (const challenge of challenges) {
  if ((challenge.channel !== 'sms' && challenge.channel !== 'email') || !challenge.code_hash) continue;
  codeChallenges += 1;
  const target = challenge.target ?? '';
  codesPerTarget.set(target, (codesPerTarget.get(target) ?? 0) + 1 + challenge.resend_count);
  const matching = (messagesTo.get(target) ?? []).filter((m) => {
    const code = CODE.exec(m.body_text)?.[1];
    return code !== undefined && secrets.hash(challenge.id, code) === challenge.code_hash;
  });
  if (matching.length !== 1)
    fail(
      `challenge ${challenge.id} (${challenge.purpose}): ${matching.length} outbox messages carry its code`,
    );
}
for (const [target, list] of messagesTo) {
  const codes = list.filter((m) => CODE.test(m.body_text)).length;
  const expected = codesPerTarget.get(target) ?? 0;
  if (codes !== expected) fail(`${target}: ${codes} code messages for ${expected} codes sent`);
}
for (const { payload } of journal.challenges) {
  if (!challengeById.get(payload)?.code_hash)
    fail(`challenge ${payload} was answered 200 and is gone (lost write)`);
}

// 6. Delivery (final check): nothing pending or failed, every message received at least once,
// nothing received that the outbox does not hold, and a second copy only across a kill.
const delivery = { emails: 0, sms: 0, duplicatesAcrossKill: 0, duplicatesLive: 0 };
if (final) {
  const deliveries = JSON.parse(readFileSync(state.deliveries as string, 'utf8')) as Delivery[];
  const kills = state.kills ?? [];
  const pending = outbox.filter((m) => m.status !== 'sent');
  for (const m of pending.slice(0, 20))
    fail(`outbox ${m.id} to ${m.recipient}: ${m.status} (${m.last_error ?? ''})`);
  if (pending.length > 20) fail(`… and ${pending.length - 20} more messages not sent`);
  const received = new Map<string, Delivery[]>();
  const key = (channel: string, to: string, id: string) => `${channel} ${to} ${id}`;
  for (const d of deliveries) {
    const k = d.channel === 'email' ? key('email', d.to, d.messageId ?? '') : key('sms', d.to, d.body ?? '');
    const list = received.get(k) ?? [];
    list.push(d);
    received.set(k, list);
  }
  const expected = new Map<string, number>();
  for (const m of outbox) {
    if (m.status !== 'sent') continue;
    const k =
      m.channel === 'email'
        ? key('email', m.recipient, outboxMessageId(m, state.mailFrom ?? ''))
        : key('sms', m.recipient, m.body_text);
    expected.set(k, (expected.get(k) ?? 0) + 1);
  }
  for (const [k, count] of expected) {
    const copies = (received.get(k) ?? []).sort((a, b) => a.at - b.at);
    if (copies.length < count) {
      fail(`never delivered: ${k.slice(0, 120)} (${copies.length} of ${count})`);
      continue;
    }
    for (let i = count; i < copies.length; i++) {
      // A further copy is the redelivery of a message accepted just before a kill and not yet
      // marked sent (at-least-once) only when a kill lies between it and the copy before it.
      const before = copies[i - 1]!.at;
      const after = copies[i]!.at;
      if (kills.some((kill) => kill.killedAt >= before && kill.restartedAt <= after)) {
        delivery.duplicatesAcrossKill += 1;
        notes.push(
          `redelivered after a kill (same ${k.startsWith('email') ? 'Message-ID' : 'text'}): ${k.slice(0, 100)}`,
        );
      } else {
        delivery.duplicatesLive += 1;
        fail(`delivered twice by a live server: ${k.slice(0, 120)}`);
      }
    }
  }
  for (const [k, copies] of received)
    if (!expected.has(k)) fail(`delivered but not in the outbox: ${k.slice(0, 120)} (${copies.length}×)`);
  delivery.emails = deliveries.filter((d) => d.channel === 'email').length;
  delivery.sms = deliveries.filter((d) => d.channel === 'sms').length;
}

// What became of the writes whose answer a kill swallowed: both outcomes must occur over a run
// for the check to have meant anything (reported, not asserted).
const attemptedOnly = journal.mergesAttempted.filter((m) => !acked.has(m));
const unacknowledged = {
  merges: attemptedOnly.length,
  mergesCommitted: attemptedOnly.filter((m) => {
    const [g, s] = m.split(':').map(Number);
    const group = accounts.groups[g as number];
    const survivor = group?.survivors[s as number];
    return survivor !== undefined && emailsOf(survivor.id).some((e) => e.address === group?.other.email);
  }).length,
  contactAdds: 0,
  contactAddsCommitted: 0,
};
for (const account of accounts.churn) {
  const log = journal.contacts[String(account.id)];
  if (!log) continue;
  const held = new Set([
    ...emailsOf(account.id).map((e) => e.address),
    ...phonesOf(account.id).map((p) => p.number),
  ]);
  for (const value of log.addAttempted) {
    if (log.added.includes(value)) continue;
    unacknowledged.contactAdds += 1;
    if (held.has(value) || noticesTo(value, CONTACT_NOTICES).length) unacknowledged.contactAddsCommitted += 1;
  }
}

const stats = {
  users: users.length,
  merged,
  unacknowledged,
  contestedGroupsMerged: contestedLost,
  mergesAcked: journal.mergesAcked.length,
  extraContacts,
  codeChallenges,
  outbox: outbox.length,
  outboxPending: outbox.filter((m) => m.status === 'pending').length,
  sessions: sessions.length,
  ...(final ? { delivery } : {}),
};
console.log(
  JSON.stringify({ ok: violations.length === 0, violations: violations.slice(0, 200), notes, stats }),
);
