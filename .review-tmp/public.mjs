import { launch, newCtx, check, save, BASE } from './lib.mjs';
const browser = await launch();
const screens = [
  ['login-email', '/login/email'], ['login-phone', '/login/phone'],
  ['forgot-password-email', '/forgot-password/email'], ['forgot-password-phone', '/forgot-password/phone'],
  ['forgot-username', '/forgot-username'], ['onboarding', '/onboarding'], ['maintenance', '/maintenance'],
];
const runs = [
  ['general', 390, null], ['general', 1280, null], ['general', 390, 'fr'], ['general', 1280, 'nl'],
  ['lu', 390, null], ['lu', 1280, null], ['lu', 390, 'en_LU'],
];
for (const [edition, width, locale] of runs) {
  const ctx = await newCtx(browser, { edition, width, locale });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('  CONSOLE', m.text().slice(0, 200)); });
  for (const [screen, path] of screens) {
    await page.goto(BASE[edition] + path);
    await check(page, { edition, width, locale, screen });
  }
  await ctx.close();
}
save('public');
await browser.close();
