import { expect, test } from '@playwright/test';
import { staffLogIn } from '../admin/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { type PartnerApp, startPartnerApp } from '../support/partnerApp';
import { GENERAL, LUXEMBOURG } from '../support/urls';

const layouts = [
  { name: 'mobile', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];
const editions = [
  {
    origin: GENERAL,
    user: 'employee@demo.test',
    heading: 'Demo Partner wants to access your Vestibule account',
    signedInAs: 'Signed in as employee@demo.test',
    offline: 'Demo Partner keeps this access while you are away, until you revoke it under Third-party apps.',
  },
  {
    origin: LUXEMBOURG,
    user: 'employee@demo.lu',
    heading: 'Demo Partner souhaite accéder à votre compte Vestibule Luxembourg',
    signedInAs: 'Connecté en tant que employee@demo.lu',
    offline:
      "Demo Partner garde cet accès pendant votre absence, jusqu'à ce que vous le révoquiez dans Applications tierces.",
  },
];

for (const edition of editions) {
  test.describe(`consent and access screens on ${new URL(edition.origin).hostname}`, () => {
    let partner: PartnerApp;
    test.beforeAll(async () => {
      partner = await startPartnerApp(edition.origin);
    });
    test.afterAll(() => partner.close());

    for (const layout of layouts) {
      test(`${layout.name}: consent, access and partner screens have no axe violations`, async ({ page }) => {
        await page.setViewportSize(layout.viewport);
        await logInWithEmail(page, edition.origin, edition.user);
        // prompt=consent: the authorization server keeps offline_access only then (OIDC Core 11).
        await page.goto(`${partner.origin}/login?prompt=consent`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.heading);
        // Which account consents, and that offline_access outlasts the visit.
        await expect(page.locator('[data-signed-in-as]')).toHaveText(edition.signedInAs);
        await expect(page.locator('[data-offline-access]')).toHaveText(edition.offline);
        // "Back to the homepage" leads to the partner's registered homepage.
        await expect(page.locator(`main a[href="${partner.origin}/"]`)).toBeVisible();
        await expectNoAxeViolations(page);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          layout.viewport.width,
        );
        await page.locator('main button').first().click();
        await expect(page.locator('#result')).toBeVisible();

        await page.goto(`${edition.origin}/user/access`);
        await expect(page.locator('[data-client-id="demo-partner"]')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.locator('[data-client-id="demo-partner"] button').click();
        // Revoking asks first: the question has no axe violations either.
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await dialog.getByRole('button').last().click();
        await expect(page.locator('[data-alert="client-deleted"]')).toBeVisible();
        await expectNoAxeViolations(page);

        await page.goto(`${edition.origin}/partner?client_id=demo-partner`);
        await expect(page.locator('[data-destination="partner"]')).toBeVisible();
        await expectNoAxeViolations(page);
        await page.goto(`${edition.origin}/partner?client_id=unknown`);
        await expect(page.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('the deals destination is hidden in the Luxembourg edition', async ({ page }) => {
  await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
  await page.goto(`${LUXEMBOURG}/partner?client_id=demo-partner`);
  await expect(page.locator('[data-destination="myArea"]')).toBeVisible();
  await expect(page.locator('[data-destination="deals"]')).toHaveCount(0);
});

// The partner landing offers the areas the account has an id on, as the dashboard lists them.
for (const { origin, email, has, hasNot, width, skipSetup } of [
  { origin: LUXEMBOURG, email: 'employee@demo.lu', has: 'myArea', hasNot: 'clientArea', width: 390 },
  // mfa_customer, in French: the customer MFA intro comes first and is skipped.
  {
    origin: GENERAL,
    email: 'customer@demo.test',
    has: 'clientArea',
    hasNot: 'myArea',
    width: 1280,
    skipSetup: 'Ignorer pour le moment',
  },
]) {
  test(`the partner landing offers only the account's own areas (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await logInWithEmail(page, origin, email, undefined, skipSetup);
    await page.goto(`${origin}/partner?client_id=demo-partner`);
    await expect(page.locator(`[data-destination="${has}"]`)).toBeVisible();
    await expect(page.locator(`[data-destination="${hasNot}"]`)).toHaveCount(0);
    // Neither has a seat at the administration desk, so it is not offered.
    await expect(page.locator('[data-destination="admin"]')).toHaveCount(0);
  });
}

// A staff member (or a company's admin) is offered the console; the partner landing links to it.
for (const { origin, email, width } of [
  { origin: GENERAL, email: 'desk-company@demo.test', width: 1280 },
  { origin: LUXEMBOURG, email: 'desk-support@demo.lu', width: 390 },
]) {
  test(`the partner landing offers the administration to staff (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await staffLogIn(page, origin, email);
    await page.goto(`${origin}/partner?client_id=demo-partner`);
    const admin = page.locator('[data-destination="admin"] a');
    await expect(admin).toBeVisible();
    await admin.click();
    await expect(page).toHaveURL(`${origin}/admin`);
  });
}
