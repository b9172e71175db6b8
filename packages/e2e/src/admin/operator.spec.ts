import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { expectNoAxeViolations } from '../support/axe';
import { openApp } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffLogIn } from './helpers';

// The operator's console: registering a machine client of the admin API (its secret shown once),
// editing a client someone else changed meanwhile (412), disabling and enabling it, and switching
// maintenance on and off while the console keeps working. Both editions' operators; 1280 and 390 px.

/** A screenshot of the page as the operator sees it, at 1280 and 390 px, for review. */
async function shoot(page: Page, name: string) {
  const info = test.info();
  await page.screenshot({ path: info.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Confirms the console's reason dialog and waits for the server's answer to the change. */
async function confirmWithReason(page: Page, button: string, url: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason', { exact: true }).fill('e2e: operator journey');
  const answer = page.waitForResponse(
    (response) => url.test(response.url()) && response.request().method() !== 'GET',
  );
  await dialog.getByRole('button', { name: button }).click();
  return answer;
}

/** The session's bearer token and device id, to change a client "from another desk". */
async function sessionHeaders(page: Page) {
  return page.evaluate(() => ({
    authorization: `Bearer ${sessionStorage.getItem('token')}`,
    'x-device-id': localStorage.getItem('device-id') ?? '',
  }));
}

test('the operator registers a machine client, edits, disables and enables it', async ({ page }) => {
  test.setTimeout(120_000);
  await staffLogIn(page, GENERAL, 'desk-operator@demo.test');
  await openApp(page, `${GENERAL}/admin/clients`);
  await expect(page.getByRole('heading', { level: 1, name: 'OAuth clients' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await shoot(page, 'clients-list');

  await page.getByRole('link', { name: 'Register a client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register a client' })).toBeVisible();
  const name = `Ops robot ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /Machine client/ }).check();
  await page.getByRole('checkbox', { name: 'admin:operations' }).check();
  await shoot(page, 'client-register');
  await page.getByRole('button', { name: 'Register the client' }).click();
  const created = await confirmWithReason(page, 'Register the client', /\/api\/admin\/oauth-clients$/);
  expect(created.status()).toBe(201);
  const secret = (await page.getByTestId('client-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[\w-]{40,}$/);
  const clientId = (await page.getByTestId('client-id').textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Copy the secret' })).toBeVisible();
  await shoot(page, 'client-secret');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  const row = page.getByTestId(`client-${clientId}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Active');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Edit; meanwhile another desk renames it: the save answers 412 and the form shows the current name.
  await row.getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  const headers = await sessionHeaders(page);
  const url = `${GENERAL}/api/admin/oauth-clients/${clientId}`;
  const read = await page.request.get(url, { headers });
  const other = await page.request.patch(url, {
    headers: { ...headers, 'if-match': read.headers().etag ?? '' },
    data: { name: `${name} (other desk)`, reason: 'e2e: the other desk' },
  });
  expect(other.status()).toBe(200);
  await page.getByLabel('Name', { exact: true }).fill(`${name} (mine)`);
  await page.getByRole('button', { name: 'Save the changes' }).click();
  const conflict = await confirmWithReason(page, 'Save the changes', /\/api\/admin\/oauth-clients\//);
  expect(conflict.status()).toBe(412);
  await expect(page.getByText(/Someone changed this client while you were editing it/)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${name} (other desk)`);
  await page.getByRole('link', { name: 'Back to the clients' }).click();

  // Disable: its client-credentials token request is refused; enable again.
  await row.getByRole('button', { name: 'Disable' }).click();
  const disabled = await confirmWithReason(page, 'Disable', /\/disabled$/);
  expect(disabled.status()).toBe(200);
  await expect(row).toContainText('Disabled');
  const token = await page.request.post(`${GENERAL}/oauth/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials', scope: 'admin:operations' },
  });
  expect(token.status()).toBe(401);
  await row.getByRole('button', { name: 'Enable' }).click();
  expect((await confirmWithReason(page, 'Enable', /\/disabled$/)).status()).toBe(200);
  await expect(row).toContainText('Active');
});

test.describe('maintenance from the console', () => {
  // Whatever happens in the browser, the portal leaves this spec out of maintenance.
  test.afterEach(() => {
    admin('maintenance', 'off');
  });

  test('switches maintenance on and off: the portal answers maintenance, the console keeps working', async ({
    page,
  }) => {
    try {
      await staffLogIn(page, GENERAL, 'desk-operator@demo.test');
      await openApp(page, `${GENERAL}/admin/maintenance`);
      await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance is off');
      await shoot(page, 'maintenance-off');
      await page.getByRole('button', { name: 'Switch maintenance on' }).click();
      const on = await confirmWithReason(page, 'Switch maintenance on', /\/api\/admin\/maintenance$/);
      expect(on.status()).toBe(200);
      await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance is ON');
      const status = await page.request.get(`${GENERAL}/api/status`);
      expect(await status.json()).toEqual({ maintenance: true });
      await shoot(page, 'maintenance-on');
      // The console moves on during maintenance: the clients list still loads.
      await page.getByRole('link', { name: 'OAuth clients' }).first().click();
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByTestId('maintenance-banner')).toBeVisible();
      await shoot(page, 'maintenance-banner');
      await page.getByRole('link', { name: 'Switch it off' }).click();
      await page.getByRole('button', { name: 'Switch maintenance off' }).click();
      const off = await confirmWithReason(page, 'Switch maintenance off', /\/api\/admin\/maintenance$/);
      expect(off.status()).toBe(200);
      await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance is off');
      expect(await (await page.request.get(`${GENERAL}/api/status`)).json()).toEqual({ maintenance: false });
    } finally {
      admin('maintenance', 'off');
    }
  });
});

test('the Luxembourg operator sees the clients of their edition and cannot switch maintenance', async ({
  page,
}) => {
  await staffLogIn(page, LUXEMBOURG, 'desk-operator@demo.lu');
  await openApp(page, `${LUXEMBOURG}/admin/maintenance`);
  await expect(page.getByTestId('maintenance-state')).toBeVisible();
  await expect(page.getByRole('button', { name: /maintenance/i })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await openApp(page, `${LUXEMBOURG}/admin/clients`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
