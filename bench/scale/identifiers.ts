// The accounts, cards and national numbers the scale harness uses on each size, drawn with a seed
// from the builder's own functions (bench/scale/dataset.ts): general-edition accounts spread over
// the whole set, so the figures read cold rows as a real population does. Prints one JSON line.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  cardNumberOf,
  editionOf,
  emailOf,
  linkedCardIndex,
  logsInWithoutMfa,
  nationalNumberOf,
  PASSWORDS,
  phoneOf,
  random,
  sizeFor,
  traitsOf,
  unlinkedCardIndex,
} from './dataset';

const { values: options } = parseArgs({
  options: {
    small: { type: 'string', default: '10000' },
    large: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '400' },
  },
});
const samples = Number(options.samples);

function pick(accounts: number, seed: number, wanted: number, keep: (n: number) => boolean): number[] {
  const rand = random(seed);
  const chosen = new Set<number>();
  while (chosen.size < wanted) {
    const n = 1 + Math.floor(rand() * (accounts - 1));
    if (editionOf(n) === 'general' && keep(n)) chosen.add(n);
  }
  return [...chosen];
}

const account = (n: number) => ({
  n,
  email: emailOf(n),
  password: PASSWORDS[traitsOf(n).passwordIndex],
  edition: editionOf(n),
  deviceId: randomUUID(),
});

function forSize(accounts: number) {
  const size = sizeFor(accounts);
  const refresh = pick(accounts, 5, 1, (n) => logsInWithoutMfa(n))[0] as number;
  return {
    logins: pick(accounts, 1, samples, logsInWithoutMfa).map(account),
    purgeLogins: pick(accounts, 2, Math.min(3000, Math.floor(accounts / 4)), logsInWithoutMfa).map(account),
    sessionsUser: account(0),
    refreshUser: account(refresh),
    cards: pick(accounts, 3, samples, (n) => traitsOf(n).card).map((n) => cardNumberOf(linkedCardIndex(n))),
    nationalNumbers: pick(accounts, 4, samples, (n) => traitsOf(n).nationalNumber).map(nationalNumberOf),
    // The admin search's queries: e-mails, phones and name prefixes of accounts spread over the set.
    adminEmails: pick(accounts, 6, samples, () => true).map(emailOf),
    adminPhones: pick(accounts, 7, samples, (n) => traitsOf(n).phone).map(phoneOf),
    // Name prefixes of two digits ("Holder12" is also Holder120…129 and 1200…1299): more than a
    // page of hits at both sizes, so each search renders a full page and the ratio compares the
    // same work (a whole last name found 7 holders at 10,000 accounts and a full page at 1,000,000).
    adminNames: pick(accounts, 8, samples, () => true).map((n) =>
      `Holder${Math.floor(n / 7) % 20000}`.slice(0, 8),
    ),
    unlinkedCards: Array.from({ length: Math.min(size.unlinkedCards, samples) }, (_, u) =>
      cardNumberOf(unlinkedCardIndex(accounts, Math.floor((u * size.unlinkedCards) / samples))),
    ),
  };
}

console.log(JSON.stringify({ small: forSize(Number(options.small)), large: forSize(Number(options.large)) }));
