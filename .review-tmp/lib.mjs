import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';

export const BASE = { general: 'http://localhost:4811', lu: 'http://lu.localhost:4811' };
export const PW = 'Demo-password-2026';
export const SHOTS = '/tmp/review/shots';
fs.mkdirSync(SHOTS, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newCtx(browser, { edition, width, locale }) {
  const mobile = width < 600;
  const ctx = await browser.newContext({
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1,
    locale: locale ? locale.replace('_', '-') : 'en-US',
  });
  if (locale) {
    await ctx.addCookies([{ name: 'vestibule_locale', value: locale, url: BASE[edition] }]);
  }
  return ctx;
}

export const results = [];
export async function check(page, { edition, width, locale, screen }) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(400);
  const file = `${SHOTS}/${edition}-${width}-${locale ?? 'default'}-${screen}.png`;
  await page.screenshot({ path: file, fullPage: true });
  let violations = [];
  try {
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    violations = r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary?.split('\n').slice(0, 3).join(' | ') })) }));
  } catch (e) { violations = [{ id: 'AXE-ERROR', impact: String(e).slice(0, 200), targets: [] }]; }
  const info = await page.evaluate(() => ({
    url: location.href, title: document.title, lang: document.documentElement.lang,
    hscroll: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  const rec = { edition, width, locale, screen, file, ...info, violations };
  results.push(rec);
  console.log(`${file} ${info.url} title="${info.title}" lang=${info.lang} hscroll=${info.hscroll}(${info.scrollWidth})`);
  for (const v of violations) console.log(`   AXE ${v.id} [${v.impact}] ${v.targets.map((t) => t.target).join(' ; ')}`);
  return rec;
}

export function save(name) {
  fs.writeFileSync(`/tmp/review/${name}.json`, JSON.stringify(results, null, 1));
}
