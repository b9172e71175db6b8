import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The entry screens arrive pre-rendered in the visitor's edition and language, React
// hydrates them without a mismatch, every page names itself in the document title, a client-side
// navigation moves the focus to the page's heading and a refused form to its first invalid field.

const SCREENS = [
  '/login/email',
  '/login/phone',
  '/forgot-password/email',
  '/forgot-password/phone',
  '/forgot-username',
  '/onboarding',
  '/maintenance',
];

/** Counts the children #root loses: createRoot would replace the pre-rendered page, hydration not. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __rootLost: number };
    w.__rootLost = 0;
    const watch = () => {
      const root = document.getElementById('root');
      if (!root) return void requestAnimationFrame(watch);
      new MutationObserver((records) => {
        for (const record of records) if (record.target === root) w.__rootLost += record.removedNodes.length;
      }).observe(root, { childList: true });
    };
    document.addEventListener('readystatechange', watch, { once: true });
  });
}

test.describe('pre-rendered entry screens', () => {
  test('the server sends the localized form itself, in the language of SPEC §1', async ({ request }) => {
    const french = await request.get(`${GENERAL}/login/email`, {
      headers: { 'accept-language': 'fr-BE,fr' },
    });
    const html = await french.text();
    expect(french.headers()['cache-control']).toBe('no-cache');
    expect(html).toContain('<html lang="fr" data-edition="general">');
    expect(html).toContain('<title>Connexion · Vestibule</title>');
    expect(html).toMatch(/<h1 id="login-title">Se connecter<\/h1>/);
    expect(html).toMatch(/<input[^>]+autoComplete="current-password"/);

    // The language chosen last on this browser wins over Accept-Language.
    const chosen = await request.get(`${GENERAL}/login/email`, {
      headers: { 'accept-language': 'fr-BE', cookie: 'vestibule_locale=nl' },
    });
    expect(await chosen.text()).toContain('<html lang="nl" data-edition="general">');

    // The Luxembourg edition falls back to French (Node does not resolve lu.localhost: Host header).
    const lu = await request.get(`${GENERAL}/forgot-username`, {
      headers: { 'accept-language': 'de', host: new URL(LUXEMBOURG).host },
    });
    expect(await lu.text()).toContain('<html lang="fr-LU" data-edition="lu">');
  });

  test('assets come back as brotli, cached for good', async ({ request }) => {
    const html = await (await request.get(`${GENERAL}/login/email`)).text();
    const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const response = await request.get(`${GENERAL}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers().vary).toMatch(/accept-encoding/i);
  });

  for (const origin of [GENERAL, LUXEMBOURG]) {
    test(`every screen hydrates without a mismatch (${new URL(origin).hostname})`, async ({ page }) => {
      test.setTimeout(60_000);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await watchRoot(page);
      for (const path of SCREENS) {
        await page.goto(`${origin}${path}`);
        await expect(page.locator('main h1')).toBeVisible();
        // Hydrated: the submit buttons of the pre-rendered forms are enabled only then.
        if (path !== '/onboarding' && path !== '/maintenance')
          await expect(page.locator('form button[type="submit"]')).toBeEnabled();
        await page.waitForLoadState('networkidle');
        const lost = await page.evaluate(() => (window as unknown as { __rootLost: number }).__rootLost);
        expect(lost, `${path}: #root was rendered again instead of hydrated`).toBe(0);
      }
      // Not even the session-resume probe: it answers 204 to a visitor (decision 0056).
      expect(problems).toEqual([]);
    });
  }
});

test.describe('pages that announce themselves', () => {
  test('each page has its own localized title; client navigation focuses the heading', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveTitle('Log in · Vestibule');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveTitle('Forgotten password · Vestibule');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('link', { name: 'Forgot your username?' }).click();
    await expect(page).toHaveTitle('Forgotten username · Vestibule');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    await page.locator('select').first().selectOption('fr');
    await expect(page).toHaveTitle("Nom d'utilisateur oublié · Vestibule");
  });

  test('a refused form moves the focus to its first invalid field', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete="current-password"]').fill('secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    const username = page.locator('input[autocomplete~="username"]');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toBeFocused();

    await page.goto(`${GENERAL}/forgot-password/email`);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.locator('input[aria-invalid="true"]').first()).toBeFocused();
  });

  test('a logged-in page has its title, and /notifications has unique landmarks', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await expect(page).toHaveTitle(/ · Vestibule$/);
    await page.goto(`${GENERAL}/notifications`);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page).toHaveTitle('Notifications · Vestibule');
    const results = await new AxeBuilder({ page }).withRules(['landmark-unique', 'region']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
