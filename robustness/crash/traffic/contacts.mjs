// Contact changes of the churn accounts: add an e-mail address or a phone number (step-up, code,
// confirm) or remove one added earlier. Each account is in one loop at a time, so that the contacts
// it knows of are its real ones; check.ts matches the journal with audit rows and notices.
import { expect, Unexpected } from './driver.mjs';
import { sessionSteps, withCode } from './session.mjs';

const digits = (v) => v.replace(/\D/g, '');

/** The contact operation of the traffic loops: one change per call. */
export function contactTraffic(driver, accounts) {
  const { journal } = driver;
  const { logIn, withSudo } = sessionSteps(driver, accounts);
  const free = [...accounts.churn];
  const known = new Map(); // churn account id → contacts known present: { kind, value, id }
  let counter = 0; // makes every added address and number new to the whole run

  async function remove(call, contacts, entry) {
    const contact = contacts.splice(Math.floor(Math.random() * contacts.length), 1)[0];
    entry.removeAttempted.push(contact.value);
    const r = await call(
      'DELETE',
      `/api/user/${contact.kind === 'email' ? 'emails' : 'phones'}/${contact.id}`,
    );
    expect(r, 200, `remove ${contact.value}`);
    entry.removed.push(contact.value);
  }

  async function add(call, account, contacts, entry) {
    const kind = Math.random() < 0.5 ? 'email' : 'phone';
    counter += 1;
    const value =
      kind === 'email' ? `churn-${counter}@crash.test` : `+32476${String(counter).padStart(6, '0')}`;
    const segment = kind === 'email' ? 'emails' : 'phones';
    entry.addAttempted.push(value);
    let r = await withSudo(call, account, () =>
      call('POST', `/api/user/${segment}`, {
        json: kind === 'email' ? { email: value } : { phone: value },
      }),
    );
    const challenge = expect(r, 202, `add ${value}`);
    journal.challenges.push({ payload: challenge.payload, target: value });
    r = await withCode(call, value, (code) =>
      call('POST', `/api/user/${segment}/confirm`, { json: { payload: challenge.payload, code } }),
    );
    const user = expect(r, 200, `confirm ${value}`).data;
    // The server stores phone numbers in its own format: compare the digits.
    const row =
      kind === 'email'
        ? user.email.find((e) => e.email === value)
        : user.phone.find((p) => digits(p.phone) === digits(value));
    if (!row) throw new Unexpected(`confirm ${value}: not in the answer`);
    entry.added.push(value);
    contacts.push({ kind, value, id: row.id });
  }

  return async function churnOp(opEpoch) {
    const account = free.shift();
    if (!account) return false;
    try {
      const client = driver.clientOf(account);
      const call = driver.caller(client, opEpoch);
      await logIn(call, client, account);
      journal.contacts[account.id] ??= { added: [], addAttempted: [], removeAttempted: [], removed: [] };
      const entry = journal.contacts[account.id];
      const contacts = known.get(account.id) ?? [];
      known.set(account.id, contacts);
      if (contacts.length && Math.random() < 0.45) await remove(call, contacts, entry);
      else await add(call, account, contacts, entry);
      return true;
    } finally {
      free.push(account);
    }
  };
}
