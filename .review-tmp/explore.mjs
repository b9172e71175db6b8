import { launch, newCtx, BASE, PW } from './lib.mjs';
const [edition, user] = process.argv.slice(2);
const browser = await launch();
const ctx = await newCtx(browser, { edition, width: 1280 });
const page = await ctx.newPage();
await page.goto(BASE[edition] + '/login/email');
await page.getByLabel(/e-mail|adresse/i).first().fill(user);
await page.locator('input[type=password]').fill(PW);
await page.locator('input[type=password]').press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
await page.waitForLoadState('networkidle');
for (const path of ['/user/dashboard', '/profile', '/security', '/user/access']) {
  await page.goto(BASE[edition] + path); await page.waitForLoadState('networkidle');
  const links = await page.$$eval('a,button', (els) => els.map((e) => `${e.tagName} ${e.getAttribute('href') ?? ''} "${e.textContent.trim().slice(0, 50)}"`));
  console.log(path, page.url(), '\n  ' + links.join('\n  '));
}
await browser.close();
