// Writes the pre-rendered entry screens (docs/decisions/0020-react-prerendered-entry-screens.md):
// one HTML page per screen, edition and language, from dist/index.html and the Node build of
// src/prerender.tsx. The server picks one per request (packages/api/src/http/spa.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = join(import.meta.dirname, '..');
const dist = process.argv[2] ?? join(webRoot, 'dist');
const renderer = process.argv[3] ?? join(webRoot, 'dist-prerender', 'prerender.js');
const out = join(dist, 'prerendered');

const { renderScreen, PRERENDERED_PATHS, EDITION_LOCALES } = await import(pathToFileURL(renderer).href);
const template = readFileSync(join(dist, 'index.html'), 'utf8');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces the one occurrence of `search`; the template changing shape must fail the build. */
function replaceOnce(html, search, replacement) {
  const at = html.indexOf(search);
  if (at < 0 || html.indexOf(search, at + 1) >= 0) throw new Error(`index.html: expected one ${search}`);
  return html.slice(0, at) + replacement + html.slice(at + search.length);
}

/** `/forgot-password/email` → `forgot-password-email`. */
const fileNameOf = (path) => path.slice(1).replaceAll('/', '-');

rmSync(out, { recursive: true, force: true });
const index = { paths: {}, editions: {} };
for (const path of PRERENDERED_PATHS) index.paths[path] = fileNameOf(path);
let pages = 0;
for (const [edition, locales] of Object.entries(EDITION_LOCALES)) {
  index.editions[edition] = [...locales];
  for (const locale of locales) {
    mkdirSync(join(out, edition, locale), { recursive: true });
    for (const path of PRERENDERED_PATHS) {
      const screen = await renderScreen(edition, locale, path);
      // React writes resource hints (the logo's preload) first in the markup, having no <head>:
      // they go to the head, where the browser sees them before the style sheet has loaded.
      const hints = screen.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
      const body = screen.html.slice(hints.length);
      let html = replaceOnce(template, '<html lang="en">', `<html lang="${screen.lang}" data-edition="${edition}">`);
      html = replaceOnce(html, '<title>Vestibule</title>', `<title>${escapeHtml(screen.title)}</title>`);
      html = replaceOnce(
        html,
        '</head>',
        `  <link rel="icon" type="image/svg+xml" href="${screen.favicon}" />\n    ${hints}\n  </head>`,
      );
      html = replaceOnce(
        html,
        '<div id="root"></div>',
        `<div id="root" data-prerendered-path="${path}" data-edition="${edition}" data-locale="${locale}">${body}</div>`,
      );
      writeFileSync(join(out, edition, locale, `${fileNameOf(path)}.html`), html);
      pages += 1;
    }
  }
}
writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
console.info(`pre-rendered ${pages} pages into ${out}`);
