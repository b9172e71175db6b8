import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  type PortalServer,
  startPortalWithTagManager,
  startTagManagerRecorder,
  type TagManagerRecorder,
} from '../support/tagManagerServer';

// A portal of its own with a tag manager configured, pointed at a recorder on 127.0.0.1.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const INVITATION = 'INVT-SECR-7391';

let recorder: TagManagerRecorder;
let portal: PortalServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  recorder = await startTagManagerRecorder();
  portal = await startPortalWithTagManager(PORT, recorder.origin);
});

test.afterAll(async () => {
  await portal?.stop();
  await recorder?.close();
});

/** The data layer as plain values (gtag's `arguments` objects as arrays). */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  );
}

async function pageViews(page: Page): Promise<string[]> {
  return (await dataLayer(page))
    .filter((entry) => (entry as { event?: string }).event === 'virtual_page_view')
    .map((entry) => new URL((entry as { location: string }).location).pathname);
}

for (const edition of ['general', 'luxembourg'] as const) {
  test(`${edition}: nothing loads and nothing is pushed before the choice, nor after a refusal`, async ({
    page,
  }) => {
    const origin = portal[edition];
    recorder.requests.length = 0;
    await page.goto(`${origin}/login/email`);
    const banner = page.getByTestId('consent-banner');
    await expect(banner.getByRole('heading', { name: 'Measuring how the portal is used' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator('a[href="/login/phone"]').first().click();
    await expect(page).toHaveURL(/\/login\/phone$/);
    expect(await dataLayer(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Refuse' }).click();
    await expect(banner).toBeHidden();
    await page.locator('a[href="/login/email"]').first().click();
    await expect(page).toHaveURL(/\/login\/email$/);
    // The choice is kept: no question after a reload, and still nothing measured.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(banner).toBeHidden();
    await page.waitForTimeout(500);
    expect(await dataLayer(page)).toEqual([]);
    expect(recorder.requests).toEqual([]);
  });
}

test('accepting starts the tag manager with Consent Mode v2 and one page view per navigation', async ({
  page,
}) => {
  recorder.requests.length = 0;
  await page.goto(`${portal.general}/login/email`);
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => recorder.requests.map((r) => r.url)).toContain('/gtm.js?id=GTM-E2ETEST');
  await page.locator('a[href="/login/phone"]').first().click();
  await expect(page).toHaveURL(/\/login\/phone$/);
  const [consent] = await dataLayer(page);
  expect(consent).toEqual([
    'consent',
    'default',
    {
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    },
  ]);
  expect(await pageViews(page)).toEqual(['/login/email', '/login/phone']);
});

test('an invitation link pushes no code, and the tag manager never sees it', async ({ page }) => {
  await page.goto(`${portal.general}/login/email`);
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
  recorder.requests.length = 0;
  await page.goto(`${portal.general}/onboarding?invitation=${INVITATION}`);
  await expect(page).toHaveURL(/\/onboarding\/code$/);
  await expect.poll(() => recorder.requests.filter((r) => r.url === '/collect').length).toBeGreaterThan(0);
  expect(JSON.stringify(await dataLayer(page))).not.toContain(INVITATION);
  expect(await pageViews(page)).toContain('/onboarding/code');
  for (const request of recorder.requests) expect(`${request.url} ${request.body}`).not.toContain(INVITATION);
});

test('the choice changes from the footer: a refusal updates the consent and stops the page views', async ({
  page,
}) => {
  await page.goto(`${portal.general}/login/email`);
  const banner = page.getByTestId('consent-banner');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie choices' }).click();
  await expect(banner.getByText('You currently accept measurement.')).toBeVisible();
  await banner.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('button', { name: 'Cookie choices' })).toBeFocused();
  await page.locator('a[href="/login/phone"]').first().click();
  await expect(page).toHaveURL(/\/login\/phone$/);
  const entries = await dataLayer(page);
  expect(entries.at(-1)).toEqual([
    'consent',
    'update',
    {
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    },
  ]);
  expect(await pageViews(page)).toEqual(['/login/email']);
});
