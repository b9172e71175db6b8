import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoAxeViolations } from '../support/axe';
import { chooseMethod, codeFromInbox, enterCode } from '../support/mfa';
import { openApp } from '../support/page';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';
import { staffLogIn } from './helpers';

// The operator registers a webhook in the console; a card holder changes their IBAN in the portal;
// a receiver on this machine verifies the signed `iban.changed` event with the official
// Standard Webhooks library, and the console's delivery log shows it delivered.

const HOLDER = 'employee@demo.test';

test('a webhook registered in the console delivers a signed iban.changed event', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  try {
    await staffLogIn(page, GENERAL, 'desk-operator@demo.test');
    await openApp(page, `${GENERAL}/admin/webhooks`);
    await page.getByLabel('Address', { exact: true }).fill(`http://127.0.0.1:${port}/hooks`);
    await page.getByLabel('Edition').selectOption('general');
    await page.getByRole('checkbox', { name: /iban\.changed/ }).check();
    await page.getByRole('button', { name: 'Create the subscription' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // The card holder changes their IBAN, stepping up with a code to their e-mail.
    const holder = await (await browser.newContext()).newPage();
    await openApp(holder, `${GENERAL}/login/email`);
    await holder.locator('input[autocomplete~="username"]').fill(HOLDER);
    await holder.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await holder.locator('form button[type="submit"]').click();
    await expect(holder).toHaveURL(/\/user\/dashboard$/);
    const since = Date.now();
    await holder.goto(`${GENERAL}/profile/edit-iban`);
    await chooseMethod(holder, /^E-mail/);
    await enterCode(holder, await codeFromInbox(holder, GENERAL, HOLDER, since));
    await expect(holder).toHaveURL(/\/profile\/edit-iban$/);
    await holder.getByLabel('IBAN', { exact: true }).fill('BE71 0961 2345 6769');
    await holder.getByRole('button', { name: 'Save' }).click();
    await expect(holder).toHaveURL(/\/profile$/);

    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivery] = received;
    const event = new Webhook(secret).verify(
      delivery?.body ?? '',
      delivery?.headers as Record<string, string>,
    ) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('iban.changed');
    expect(event.data.edition).toBe('general');
    // Only that it changed: no digit of the account number travels.
    expect(delivery?.body).not.toContain('6769');
    // A tampered body fails the same check.
    expect(() =>
      new Webhook(secret).verify(`${delivery?.body} `, delivery?.headers as Record<string, string>),
    ).toThrow();

    // The console's delivery log shows it delivered; the subscription is then disabled.
    await page.getByRole('link', { name: 'Delivery log' }).last().click();
    await expect(page.getByRole('cell', { name: /iban\.changed/ })).toBeVisible();
    await expect(page.getByText('Delivered')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Back to the webhooks/ }).click();
    await page.getByRole('button', { name: 'Disable' }).last().click();
    await expect(page.getByText('Subscription disabled.')).toBeVisible();
  } finally {
    receiver.close();
  }
});
