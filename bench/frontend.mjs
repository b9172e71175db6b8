// Front-end figures: bytes of JavaScript and CSS a first visit of /login/email loads (counted from
// the responses of a real Chromium page load, gzip-compressed here at level 9 like the budget test
// in packages/web/src/bundle-budget.test.ts, and as they went over the wire: brotli, issue 17), and
// Lighthouse performance scores (mobile preset).
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** gzip bytes of the scripts and style sheets a first visit of `path` loads, once idle. */
export async function firstVisitBytes(origin, path) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    /** @type {{ type: string, response: import('playwright-core').Response }[]} */
    const loaded = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') loaded.push({ type, response });
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    /** @type {{ js: number, css: number, wireJs: number, wireCss: number, files: { url: string, gzip: number, wire: number, encoding: string }[] }} */
    const totals = { js: 0, css: 0, wireJs: 0, wireCss: 0, files: [] };
    for (const { type, response } of loaded) {
      const bytes = gzipSync(await response.body(), { level: 9 }).length;
      const wire = (await response.request().sizes()).responseBodySize;
      const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
      totals[type === 'script' ? 'js' : 'css'] += bytes;
      totals[type === 'script' ? 'wireJs' : 'wireCss'] += wire;
      totals.files.push({ url: new URL(response.url()).pathname, gzip: bytes, wire, encoding });
    }
    return totals;
  } finally {
    await browser.close();
  }
}

/** Lighthouse performance score (0..100, mobile preset) of each page; a page's `cookie` logs in. */
export async function lighthouseScores(origin, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const scores = {};
    for (const { path, cookie } of pages) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      const performance = lhr.categories.performance;
      if (!performance) throw new Error(`Lighthouse gave no performance category for ${path}`);
      scores[path] = {
        score: Math.round((performance.score ?? 0) * 100),
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        // NaN where the run failed (its runtimeError says why), as before these were type-checked.
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      };
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
