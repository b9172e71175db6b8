import { launch, newCtx, check, BASE, PW, SHOTS } from './lib.mjs';
const [edition, widthS, locale] = process.argv.slice(2);
const width = Number(widthS);
const browser = await launch();
const ctx = await newCtx(browser, { edition, width, locale: locale || undefined });
const page = await ctx.newPage();
const meta = { edition, width, locale: locale || 'default' };
async function state(label) {
  return page.evaluate((label) => {
    const out = { label, fields: [] };
    for (const el of document.querySelectorAll('main input, main select, main textarea')) {
      if (el.type === 'hidden' || el.type === 'radio') continue;
      const ids = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
      out.fields.push({ name: el.name || el.id, type: el.type, invalid: el.getAttribute('aria-invalid'),
        errormessage: el.getAttribute('aria-errormessage'),
        described: ids.map((i) => document.getElementById(i)?.textContent?.trim() ?? `MISSING#${i}`),
        top: Math.round(el.getBoundingClientRect().top) });
    }
    out.alerts = [...document.querySelectorAll('[role=alert],[aria-live]')].map((a) => `${a.getAttribute('role') || 'live=' + a.getAttribute('aria-live')}: ${a.textContent.trim().slice(0, 120)}`);
    out.active = document.activeElement ? `${document.activeElement.tagName}#${document.activeElement.id} ${document.activeElement.getAttribute('name') || ''}` : null;
    const btn = document.querySelector('main button[type=submit]');
    out.submitTop = btn ? Math.round(btn.getBoundingClientRect().top) : null;
    out.cls = window.__cls;
    return out;
  }, label);
}
await page.addInitScript(() => { window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true }); });
async function scenario(screen, path, steps) {
  await page.goto(BASE[edition] + path); await page.waitForLoadState('networkidle'); await page.waitForTimeout(300);
  console.log(JSON.stringify(await state(screen + ':before')));
  for (const [name, fn] of steps) {
    await fn(); await page.waitForTimeout(1200);
    console.log(JSON.stringify(await state(screen + ':' + name)));
    await check(page, { ...meta, screen: `${screen}-err-${name}` });
  }
}
const submit = () => page.locator('main button[type=submit]').first().click();
const fill = async (sel, v) => { await page.locator(sel).first().fill(v); };
await scenario('login-email', '/login/email', [
  ['empty', submit],
  ['bademail', async () => { await fill('main input[type=email], main input[autocomplete=username]', 'foo@'); await fill('main input[type=password]', 'x'); await submit(); }],
  ['wrongpw', async () => { await fill('main input[type=email], main input[autocomplete=username]', 'employee@demo.' + (edition === 'lu' ? 'lu' : 'test')); await fill('main input[type=password]', 'Wrong-password-1'); await submit(); }],
]);
await scenario('login-phone', '/login/phone', [
  ['empty', submit],
  ['badphone', async () => { await fill('main input[type=tel], main input[autocomplete=username]', '12'); await fill('main input[type=password]', 'x'); await submit(); }],
]);
await scenario('forgot-password', '/forgot-password/email', [
  ['empty', submit],
  ['bademail', async () => { await fill('main input[type=email], main input:not([type=hidden])', 'not-an-email'); await submit(); }],
]);
await scenario('forgot-username', '/forgot-username', [
  ['empty', submit],
  ['badcard', async () => { await fill('main input:not([type=hidden]):not([type=radio])', '1234 5678'); await submit(); }],
]);
await browser.close();
