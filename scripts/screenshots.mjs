// Screenshots of portal screens at phone (390 px) and desktop (1280 px) widths in both editions,
// for looking at what we build: node scripts/screenshots.mjs [outDir] [path ...]
// Logs in as the edition's demo employee first when a path is not public. BASE_PORT sets the port.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const port = process.env.BASE_PORT ?? '3000';
const outDir = process.argv[2] ?? 'screenshots';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/login/email', '/user/dashboard'];
const editions = [
  { name: 'general', origin: `http://localhost:${port}`, user: 'employee@demo.test' },
  { name: 'lu', origin: `http://lu.localhost:${port}`, user: 'employee@demo.lu' },
];
const widths = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const edition of editions) {
  for (const size of widths) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    let loggedIn = false;
    for (const path of paths) {
      const needsLogin = !/^\/(login|forgot|reset|weak|onboarding|maintenance)/.test(path);
      if (needsLogin && !loggedIn) {
        await page.goto(`${edition.origin}/login/email`);
        await page.locator('input[autocomplete~="username"]').fill(edition.user);
        await page.locator('input[autocomplete="current-password"]').fill('Demo-password-2026');
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/user\//);
        loggedIn = true;
      }
      await page.goto(`${edition.origin}${path}`);
      await page.waitForLoadState('networkidle');
      const file = `${outDir}/${edition.name}-${size.name}${path.replaceAll('/', '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
}
await browser.close();
