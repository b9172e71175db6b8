import { expect, test } from '@playwright/test';
import { codeFromInbox, enterCode } from '../support/mfa';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';
import { staffSignIn } from './helpers';

// The desk's main walk (decision 0076), in both editions: support finds a card holder who lost
// their phone by card number and asks for an MFA reset after checking card and date of birth;
// another person, a security officer, approves it; the holder signs in, sets MFA up again, and
// reads in their timeline what support did and why.

const WALKS = [
  {
    origin: GENERAL,
    support: 'desk-support@demo.test',
    security: 'desk-security@demo.test',
    holder: {
      email: 'lost-phone@demo.test',
      phone: '+32470000060',
      card: '5065 0000 0000 0068',
      birthdate: '1990-04-12',
      name: 'Élodie Dupont',
    },
  },
  {
    origin: LUXEMBOURG,
    support: 'desk-support@demo.lu',
    security: 'desk-security@demo.lu',
    holder: {
      email: 'lost-phone@demo.lu',
      phone: '+352621000060',
      card: '5065000000000076',
      birthdate: '1988-09-03',
      name: 'Gilles Müller',
    },
  },
] as const;

for (const walk of WALKS) {
  test(`support asks for an MFA reset, security approves, the holder enrols again (${new URL(walk.origin).hostname})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // Support, in a browser of its own.
    const supportContext = await browser.newContext();
    const support = await supportContext.newPage();
    await staffSignIn(support, walk.origin, walk.support);
    await support.getByRole('link', { name: 'Accounts' }).first().click();
    await support.getByLabel('Search by').selectOption('card');
    await support.getByLabel('Search for').fill(walk.holder.card);
    await support.getByRole('button', { name: 'Search', exact: true }).click();
    const hits = support.getByTestId('account-hits');
    await expect(hits.getByRole('listitem')).toHaveCount(1);
    await hits.getByRole('link', { name: walk.holder.name }).click();
    await expect(support.getByRole('heading', { level: 1 })).toHaveText(walk.holder.name);
    await support.getByRole('button', { name: 'Ask for an MFA reset' }).click();
    const dialog = support.getByRole('dialog');
    await dialog.getByLabel('Card number the caller gave').fill(walk.holder.card);
    await dialog.getByLabel('Date of birth').fill(walk.holder.birthdate);
    await dialog.getByLabel('Reason').fill('lost phone');
    await dialog.getByLabel('Ticket reference (optional)').fill('T-2041');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(support.getByText('The MFA reset is asked for. Security will decide.')).toBeVisible();
    await expect(support.getByText('An MFA reset waits for security')).toBeVisible();
    // Support cannot decide its own request: the queue shows it as theirs, without the buttons.
    await support.getByRole('link', { name: 'MFA resets' }).click();
    const own = support.getByTestId('mfa-resets').getByRole('listitem').filter({ hasText: walk.holder.name });
    await expect(own.getByText('Your request')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await supportContext.close();

    // Security approves, from another browser.
    const securityContext = await browser.newContext();
    const security = await securityContext.newPage();
    await staffSignIn(security, walk.origin, walk.security);
    await security.getByRole('link', { name: 'MFA resets' }).first().click();
    const request = security
      .getByTestId('mfa-resets')
      .getByRole('listitem')
      .filter({ hasText: walk.holder.name });
    await expect(request).toContainText('lost phone');
    await request.getByRole('button', { name: 'Approve' }).click();
    const decision = security.getByRole('dialog');
    await decision.getByLabel('Reason').fill('identity checked by support, caller confirmed');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(security.getByText('The MFA reset is done.')).toBeVisible();
    await securityContext.close();

    // The holder signs in and must set two-step verification up again: SMS, then e-mail.
    const holderContext = await browser.newContext();
    const holder = await holderContext.newPage();
    await holder.goto(`${walk.origin}/login/email`);
    await holder.locator('input[autocomplete~="username"]').fill(walk.holder.email);
    await holder.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await holder.locator('form button[type="submit"]').click();
    await expect(holder).toHaveURL(/\/setup-mfa$/);
    await holder.getByRole('button', { name: 'Activate' }).click();
    await expect(holder).toHaveURL(/\/setup-mfa\/phone$/);
    let since = Date.now();
    await holder.getByRole('button', { name: 'Send the code' }).click();
    await enterCode(holder, await codeFromInbox(holder, GENERAL, walk.holder.phone, since));
    await expect(holder).toHaveURL(/\/setup-mfa\/email$/);
    since = Date.now();
    await holder.getByRole('button', { name: 'Send the code' }).click();
    await enterCode(holder, await codeFromInbox(holder, GENERAL, walk.holder.email, since));
    await expect(holder).toHaveURL(/\/setup-mfa\/confirmation$/);
    await holder.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(holder).toHaveURL(/\/setup-mfa\/success$/);
    await holder.getByRole('button', { name: 'Continue' }).click();
    await expect(holder).toHaveURL(/\/user\/dashboard$/);
    await holder.goto(`${walk.origin}/security/history`);
    await expect(holder.getByText('Support reset your two-step verification: lost phone')).toBeVisible();
    await holderContext.close();
  });
}

test('support sends a password reset code; the person opens the link, types the code and sets a new password', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await staffSignIn(support, GENERAL, 'desk-support@demo.test');
  await support.getByRole('link', { name: 'Accounts' }).first().click();
  await support.getByLabel('Search by').selectOption('email');
  await support.getByLabel('Search for').fill('desk-reset@demo.test');
  await support.getByRole('button', { name: 'Search', exact: true }).click();
  await support.getByTestId('account-hits').getByRole('link', { name: 'Rita Desmet' }).click();
  const since = Date.now();
  await support.getByRole('button', { name: 'Send a password reset code' }).click();
  await support.getByRole('dialog').getByLabel('Reason').fill('forgot password, called the desk');
  await support.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(support.getByText('A password reset code was sent to d***@demo.test.')).toBeVisible();
  await supportContext.close();

  const person = await browser.newPage();
  let link = '';
  await expect
    .poll(async () => {
      const response = await person.request.get(`${GENERAL}/dev/inbox.json?to=desk-reset%40demo.test`);
      const [message] = (await response.json()) as { bodyText: string; createdAt?: string }[];
      if (!message || (message.createdAt && Date.parse(message.createdAt) < since - 1000)) return '';
      link = message.bodyText.match(/https?:\/\/\S+\/forgot-password-sent\?reset=[\w-]+/)?.[0] ?? '';
      return link;
    })
    .toBeTruthy();
  const code = await codeFromInbox(person, GENERAL, 'desk-reset@demo.test', since);
  await person.goto(link.replace(/^https?:\/\/[^/]+/, GENERAL));
  await enterCode(person, code, 'Continue');
  await expect(person).toHaveURL(/\/reset-password/);
  await person.locator('input[autocomplete="new-password"]').first().fill('Lighthouse-ribbon-58');
  await person.locator('input[autocomplete="new-password"]').nth(1).fill('Lighthouse-ribbon-58');
  await person.locator('form button[type="submit"]').click();
  await expect(person).toHaveURL(/\/reset-password-confirmed/);
});
