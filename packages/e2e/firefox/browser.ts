import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

/** Debian's firefox-esr (`.ci/run` installs it), or another given by FIREFOX_PATH. */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Firefox over WebDriver BiDi: puppeteer-core speaks it to Firefox itself, no geckodriver. */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    // *.localhost is loopback (DESIGN §2); Firefox resolves it so itself, the pref makes it explicit.
    extraPrefsFirefox: { 'network.dns.localDomains': 'localhost,lu.localhost' },
  });
}

const TIMEOUT = 10_000;

/** Waits until the page's URL matches (client-side navigations included). */
export async function waitForUrl(page: Page, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  while (!pattern.test(page.url())) {
    if (Date.now() > deadline) throw new Error(`URL ${page.url()} does not match ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text of the first element matching `selector`, once it shows. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector, { visible: true, timeout: TIMEOUT });
  return (await element!.evaluate((node) => node.textContent ?? '')).trim();
}

/** Waits until an element matching `selector` shows `expected` (whitespace normalised). */
export async function waitForText(page: Page, selector: string, expected: string | RegExp): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  let last = '';
  for (;;) {
    last = await page
      .$$eval(selector, (nodes) =>
        nodes.map((node) => node.textContent?.replace(/\s+/g, ' ').trim()).join('\n'),
      )
      .catch(() => '');
    const lines = last.split('\n');
    if (lines.some((line) => (typeof expected === 'string' ? line === expected : expected.test(line))))
      return;
    if (Date.now() > deadline) throw new Error(`${selector} shows ${JSON.stringify(last)}, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Clicks, as a user would, the shown and enabled button or link whose text is `text` (exactly), or
 * starts with `text` and a space when `prefix` (method buttons add their target and a description).
 */
export async function clickText(page: Page, text: string, tags = 'button, a', prefix = false): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const handle = await page.evaluateHandle(
      (selector, wanted, startsWith) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
          (node) =>
            (startsWith
              ? // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between a method's name and its target
                `${node.innerText.replace(/\s+/g, ' ').trim()} `.startsWith(`${wanted} `)
              : node.textContent?.replace(/\s+/g, ' ').trim() === wanted) &&
            node.offsetParent !== null &&
            !(node as HTMLButtonElement).disabled,
        ) ?? null,
      tags,
      text,
      prefix,
    );
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (element) return element.click();
    await handle.dispose();
    if (Date.now() > deadline) throw new Error(`nothing to click named ${JSON.stringify(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Types into the field matching `selector` as a user would (keyboard events, not a value set). */
export async function type(page: Page, selector: string, text: string): Promise<void> {
  const field = await page.waitForSelector(selector, { visible: true, timeout: TIMEOUT });
  await field!.click({ count: 3 });
  await field!.type(text);
}
