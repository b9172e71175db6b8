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

const { renderScreen, PRERENDERED_SCREENS, EDITION_LOCALES, textModules } = await import(
  pathToFileURL(renderer).href
);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
/** index.html's script (src/entry.ts) and the app it starts once the page has painted. */
const ENTRY = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('.html'));
const APP = 'src/main.tsx';
if (!ENTRY || !manifest[APP])
  throw new Error('prerender: the Vite manifest lacks index.html or src/main.tsx');

/** `keys` and their static imports, transitively. */
function staticGraph(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key)) continue;
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the Vite manifest`);
    into.add(key);
    staticGraph(manifest[key].imports ?? [], into);
  }
  return into;
}
const appGraph = [...staticGraph([APP])].map((key) => manifest[key]);
const startGraph = staticGraph([ENTRY, APP]);

/** The chunks `keys` need, with their static imports, minus the entry's and the app's. */
function chunksOf(keys) {
  return [...staticGraph(keys)].filter((key) => !startGraph.has(key)).map((key) => manifest[key]);
}

// Every page: the entry names the app's script (src/entry.ts adds it after the first paint) and
// links the app's styles, which Vite links only for index.html's own entry.
const appCss = [...new Set(appGraph.flatMap((chunk) => chunk.css ?? []))];
const entryScript = `<script type="module" crossorigin src="/${manifest[ENTRY].file}"></script>`;
let template = readFileSync(join(dist, 'index.html'), 'utf8');
template = replaceOnce(
  template,
  entryScript,
  [
    `<script type="module" crossorigin src="/${manifest[ENTRY].file}" data-app="/${manifest[APP].file}"></script>`,
    ...appCss.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('\n    '),
);
// index.html serves the pages that are not pre-rendered, mostly the signed-in area reached in a new
// tab: nothing to paint before the app runs, so the app's chunks are fetched at once, with the
// query client and the signed-in layout every such page loads (the guard and router.tsx), and the
// dashboard, where a login and most new tabs land.
const SIGNED_IN = [
  'src/lib/queryClient.ts',
  'src/app/layout/QueryLayout.tsx',
  'src/app/layout/UserLayout.tsx',
  'src/features/dashboard/routes/DashboardRoute.tsx',
];
const indexChunks = [...appGraph, ...chunksOf(SIGNED_IN.filter((key) => manifest[key]))];
// Their styles are linked too: the page paints nothing before the app runs, so they block no
// paint, and the app's loader finds them linked instead of asking once the route loads.
const indexCss = [...new Set(indexChunks.flatMap((chunk) => chunk.css ?? []))].filter(
  (file) => !appCss.includes(file),
);
writeFileSync(
  join(dist, 'index.html'),
  replaceOnce(
    template,
    '</head>',
    `${[
      ...indexCss.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...indexChunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
    ]
      .map((link) => `  ${link}`)
      .join('\n  ')}\n  </head>`,
  ),
);

/** Class names defined by a style sheet: `._card_1ejxy_1` → `_card_1ejxy_1`. */
function classesOf(cssFiles) {
  const names = new Set();
  for (const file of cssFiles)
    for (const match of readFileSync(join(dist, file), 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g))
      names.add(match[1]);
  return names;
}
const entryCss = appCss;
const everyCss = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
const everyClass = classesOf(everyCss);

/** Fails when the page uses a class whose style sheet it does not link: it would show unstyled. */
function checkStyles(path, html, cssFiles) {
  const linked = classesOf([...entryCss, ...cssFiles]);
  const used = [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/));
  const missing = [...new Set(used)].filter((name) => everyClass.has(name) && !linked.has(name));
  if (missing.length) throw new Error(`prerender ${path}: styles not linked for ${missing.join(', ')}`);
}

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

/**
 * index.html as served in one edition and language (packages/api/src/http/spa.ts): the pages that
 * are not pre-rendered, mostly the signed-in area in a new tab, also preload that language's texts,
 * which the app would otherwise ask for only once it runs.
 */
const INDEX_NAME = 'index';
function indexFor(edition, locale) {
  const texts = chunksOf(textModules(locale, true)).filter((chunk) => !indexChunks.includes(chunk));
  const html = replaceOnce(
    readFileSync(join(dist, 'index.html'), 'utf8'),
    '<html lang="en">',
    `<html lang="${locale.replace('_', '-')}" data-edition="${edition}">`,
  );
  return replaceOnce(
    html,
    '</head>',
    `${texts.map((chunk) => `  <link rel="modulepreload" crossorigin href="/${chunk.file}">`).join('\n  ')}\n  </head>`,
  );
}

rmSync(out, { recursive: true, force: true });
const index = { paths: {}, editions: {}, index: INDEX_NAME };
for (const { path } of PRERENDERED_SCREENS) index.paths[path] = fileNameOf(path);
let pages = 0;
for (const [edition, locales] of Object.entries(EDITION_LOCALES)) {
  index.editions[edition] = [...locales];
  for (const locale of locales) {
    mkdirSync(join(out, edition, locale), { recursive: true });
    for (const { path, modules, areas } of PRERENDERED_SCREENS) {
      const screen = await renderScreen(edition, locale, path);
      const chunks = chunksOf([...modules, ...textModules(locale, areas)]);
      const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
      checkStyles(`${edition}/${locale}${path}`, screen.html, css);
      const links = [
        ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
      ];
      // React writes resource hints (the logo's preload) first in the markup, having no <head>:
      // they go to the head, where the browser sees them before the style sheet has loaded.
      const hints = screen.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
      const body = screen.html.slice(hints.length);
      let html = replaceOnce(
        template,
        '<html lang="en">',
        `<html lang="${screen.lang}" data-edition="${edition}">`,
      );
      html = replaceOnce(html, '<title>Vestibule</title>', `<title>${escapeHtml(screen.title)}</title>`);
      html = replaceOnce(
        html,
        '</head>',
        `  <link rel="icon" type="image/svg+xml" href="${screen.favicon}" />\n    ${[hints, ...links].join('\n    ')}\n  </head>`,
      );
      html = replaceOnce(
        html,
        '<div id="root"></div>',
        `<div id="root" data-prerendered-path="${path}" data-edition="${edition}" data-locale="${locale}">${body}</div>`,
      );
      writeFileSync(join(out, edition, locale, `${fileNameOf(path)}.html`), html);
      pages += 1;
    }
    writeFileSync(join(out, edition, locale, `${INDEX_NAME}.html`), indexFor(edition, locale));
  }
}
writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
console.info(`pre-rendered ${pages} pages into ${out}`);
