import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openApp } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// A password typed blind with Caps Lock on is refused and costs an attempt: the field says so
// while the key is locked. Headless Chromium does not lock the key for a pressed CapsLock, so the
// keyboard events carry the lock as a real keyboard's do (their modifier state).
for (const { origin, width } of [
  { origin: GENERAL, width: 1280 },
  { origin: LUXEMBOURG, width: 390 },
]) {
  test(`the password field says when Caps Lock is on (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await openApp(page, `${origin}/login/email`);
    const password = page.locator('input[autocomplete="current-password"]');
    const notice = page.getByRole('status').filter({ hasText: 'Caps Lock is on.' });
    await password.focus();
    await password.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page);
    // Unlocked again: gone at the next key.
    await password.dispatchEvent('keyup', { key: 'CapsLock', modifierCapsLock: false });
    await expect(notice).toHaveCount(0);
    // Locked, then the field left: nothing stays behind under it.
    await password.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect(notice).toBeVisible();
    await page.locator('input[autocomplete~="username"]').focus();
    await expect(notice).toHaveCount(0);
  });
}
