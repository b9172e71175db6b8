import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, GENERAL } from '../support/urls';

const root = new URL('../../../..', import.meta.url).pathname;

/** Runs `npm run admin -- …` against the e2e server's embedded database. */
function admin(...argv: string[]): string {
  // The compiled CLI, as `npm run admin` runs it (`npm run test:e2e` builds it first).
  return execFileSync(process.execPath, ['packages/api/dist/cli.js', ...argv], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

test.describe('maintenance', () => {
  test.afterEach(() => {
    admin('maintenance', 'off');
  });

  test('the admin command switches maintenance on: the API answers 503 and the portal shows /maintenance', async ({
    page,
  }) => {
    expect(admin('maintenance', 'on')).toContain('Maintenance is on.');
    const response = await page.request.post(`${GENERAL}/api/token`, {
      headers: { 'x-device-id': crypto.randomUUID() },
      form: { username: 'employee@demo.test', password: 'x' },
    });
    expect(response.status()).toBe(503);
    expect((await response.json()).code).toBe('maintenance');
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(
      page.getByText('Sorry, you cannot log in at the moment. Please try again later.'),
    ).toBeVisible();
    expect(admin('maintenance', 'off')).toContain('Maintenance is off.');
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });
});
