// Front-end figures: bytes of JavaScript and CSS a first visit of /login/email loads (counted from
// the responses of a real Chromium page load, gzip-compressed here at level 9 like the budget test
// in packages/web/src/bundle-budget.test.ts, and as they went over the wire: brotli), and
// Lighthouse performance scores (mobile preset).
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/** gzip bytes of the scripts and style sheets a first visit of `path` loads, once idle. */
export async function firstVisitBytes(origin, path) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.slice(1) });
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

/**
 * Lighthouse performance score (0..100, mobile preset) of each page; a page's `cookie()` answers
 * the Cookie header of a fresh sign-in for each run (the session cookie rotates when a page resumes
 * it, so a second run with the first run's cookie would land on the login page).
 * Each page is run `runs` times and the run Lighthouse's own `computeMedianRun` picks (nearest the
 * median first paint and time to interactive) is reported, with every run's score and LCP beside it:
 * one simulated run moves by hundreds of milliseconds on a 2-core machine (decision 0064), and
 * Lighthouse's documentation on variability recommends the median of several runs.
 */
export async function lighthouseScores(origin, pages, runs = 3) {
  const scores = {};
  for (const { path, cookie } of pages) {
    const lhrs = [];
    // A new Chromium with an empty profile for every run: Lighthouse keeps cookies and local storage
    // between runs in one browser, and the first run's rotated session cookie would ride along.
    for (let run = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
      try {
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(cookie ? { extraHeaders: { Cookie: await cookie() } } : {}),
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        lhrs.push(result.lhr);
      } finally {
        chrome.kill();
      }
    }
    const valid = filterToValidRuns(lhrs);
    const chosen = valid.length > 0 ? computeMedianRun(valid) : lhrs[0];
    scores[path] = { ...summary(chosen), runs: lhrs.map((lhr) => summary(lhr)) };
  }
  return scores;
}

/** @param {import('lighthouse').Result} lhr */
function summary(lhr) {
  const performance = lhr.categories.performance;
  if (!performance) throw new Error(`Lighthouse gave no performance category for ${lhr.requestedUrl}`);
  return {
    score: Math.round((performance.score ?? 0) * 100),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    // NaN where the run failed (its runtimeError says why), as before these were type-checked.
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}
