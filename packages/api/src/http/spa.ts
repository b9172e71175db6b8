import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE } from '@vestibule/contract/constants';
import { entryLocale } from '@vestibule/contract/editions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMaintenanceOn } from '../db/maintenance';
import { brandOf } from '../delivery/messages/brand';
import { VERSION } from '../version';
import { ApiError } from './api-error';
import { negotiatedLocale } from './language';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const CONFIG_MARKER = '<!--vestibule-config-->';
const MAINTENANCE_PATH = '/maintenance';
/** Hashed file names (Vite's `assets/`): their content never changes under a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Escapes `<` so the JSON can never close its script element. */
function configScript(config: Record<string, unknown>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="vestibule-config" type="application/json">${json}</script>`;
}

/** The footer's legal entity and support contact: the operator's settings, as the e-mails sign. */
function operatorOf(edition: string) {
  const { legal, support } = brandOf(edition);
  return { ...legal, supportEmail: support.email, supportPhone: support.phone };
}

/** dist/prerendered/index.json, written by packages/web/scripts/prerender.mjs. */
interface PrerenderIndex {
  /** Path → file name, e.g. `/login/email` → `login-email`. */
  paths: Record<string, string>;
  /** Edition id → the locales it was rendered in. */
  editions: Record<string, string[]>;
  /** File name of index.html as served in each edition and language (it preloads the texts). */
  index?: string;
}

interface PrerenderedPages {
  /** By `edition/locale/path`. */
  pages: Map<string, string>;
  /** index.html by `edition/locale`. */
  indexes: Map<string, string>;
}

/** The pre-rendered pages; empty for a build without them. */
function loadPrerendered(webDist: string): PrerenderedPages {
  const loaded: PrerenderedPages = { pages: new Map(), indexes: new Map() };
  const indexPath = join(webDist, 'prerendered', 'index.json');
  if (!existsSync(indexPath)) return loaded;
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderIndex;
  const read = (edition: string, locale: string, name: string) =>
    readFileSync(join(webDist, 'prerendered', edition, locale, `${name}.html`), 'utf8');
  for (const [edition, locales] of Object.entries(index.editions))
    for (const locale of locales) {
      for (const [path, name] of Object.entries(index.paths))
        loaded.pages.set(`${edition}/${locale}${path}`, read(edition, locale, name));
      if (index.index) loaded.indexes.set(`${edition}/${locale}`, read(edition, locale, index.index));
    }
  return loaded;
}

/**
 * Not files of the site: index.html and the pre-rendered pages go out as pages. Dot entries (Vite's
 * .vite) are skipped apart.
 */
const NOT_FILES = new Set(['index.html', 'prerendered']);

/** A directory entry as a file or a directory, a symbolic link as what it points to. */
function kindOf(entry: Dirent, path: string): 'file' | 'directory' | undefined {
  const target = entry.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : entry;
  return target?.isFile() ? 'file' : target?.isDirectory() ? 'directory' : undefined;
}

type BuiltEntry = { kind: 'file' } | { kind: 'directory'; files: Set<string> };

/**
 * The files of the build that are served, by top-level entry: a file under its own name, a
 * directory with the paths of the files below it (dot files and dot directories left out).
 */
function builtFiles(webDist: string): Map<string, BuiltEntry> {
  const entries = new Map<string, BuiltEntry>();
  const walk = (dir: string, relative: string, files: Set<string>) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const kind = kindOf(entry, join(dir, entry.name));
      if (kind === 'file') files.add(`${relative}${entry.name}`);
      else if (kind === 'directory') walk(join(dir, entry.name), `${relative}${entry.name}/`, files);
    }
  };
  for (const entry of readdirSync(webDist, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || NOT_FILES.has(entry.name)) continue;
    const kind = kindOf(entry, join(webDist, entry.name));
    if (kind === 'file') entries.set(entry.name, { kind });
    else if (kind === 'directory') {
      const files = new Set<string>();
      walk(join(webDist, entry.name), '', files);
      entries.set(entry.name, { kind, files });
    }
  }
  return entries;
}

/**
 * The built files, as they were at start: one route for each top-level file and one wildcard
 * route for each directory (assets/, api-docs/), whose handler serves a file that was there and
 * leaves any other path to `otherwise`, the pages' route, as a route per file did.
 * @fastify/static's own routes (`wildcard: false`) are a GET and a HEAD route per file, .br and .gz
 * copies included (~1,400 routes, each with the compression hooks: ~18 MB of resident memory,
 * decision 0086); its wildcard mode reads each directory of the path on every request.
 */
function registerBuiltFiles(
  app: FastifyInstance,
  webDist: string,
  otherwise: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  // As @fastify/static's routes: a client gone mid-file is no error, the rest is the app's.
  const errorHandler = (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return void request.raw.destroy();
    return app.errorHandler(error, request, reply);
  };
  // GET and HEAD as one route, as @fastify/static declared them (the compression hooks see both).
  const method = ['GET', 'HEAD'];
  const config = { builtFiles: true };
  for (const [name, entry] of builtFiles(webDist)) {
    if (entry.kind === 'file') {
      app.route({
        method,
        url: `/${name}`,
        config,
        errorHandler,
        handler: (_request, reply) => reply.sendFile(name),
      });
      continue;
    }
    const { files } = entry;
    app.route<{ Params: { '*': string } }>({
      method,
      url: `/${name}/*`,
      config,
      errorHandler,
      handler: (request, reply) => {
        const file = request.params['*'];
        return files.has(file) ? reply.sendFile(`${name}/${file}`) : otherwise(request, reply);
      },
    });
  }
}

/** `/login/email/` → `/login/email` (the router matches both). */
function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The page for this request: the pre-rendered one of its path, the edition of its host and the
 * language of SPEC §1 (the stored choice, then Accept-Language, then the edition's fallback, the
 * rule the SPA starts with), else index.html as served in that edition and language. During
 * maintenance every other page goes to /maintenance in the browser: only that one is pre-rendered
 * then.
 */
function pageFor(
  prerendered: PrerenderedPages,
  request: FastifyRequest,
  path: string,
  maintenance: boolean,
): string | undefined {
  const locale = entryLocale(request.edition, request.cookies[LOCALE_COOKIE], [
    negotiatedLocale(request.edition, request.headers['accept-language']) ?? '',
  ]);
  const variant = `${request.edition.id}/${locale}`;
  const page =
    maintenance && path !== MAINTENANCE_PATH ? undefined : prerendered.pages.get(`${variant}${path}`);
  return page ?? prerendered.indexes.get(variant);
}

/**
 * Serves the built SPA: hashed assets with immutable caching, brotli or gzip as built;
 * and for every other GET that is not an API path, a page (never cached, with the runtime
 * configuration injected): the pre-rendered entry screen of the edition and language when there is
 * one, else index.html in that edition and language.
 */
export async function registerSpa(app: FastifyInstance) {
  const webDist = app.ctx.config.webDistDir ?? DEFAULT_WEB_DIST;
  const indexPath = join(webDist, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const prerendered = loadPrerendered(webDist);
  if (index) {
    // reply.sendFile alone: the routes are registerBuiltFiles'.
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      // The .br and .gz copies of scripts/compress.mjs, chosen by Accept-Encoding, with
      // `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', IMMUTABLE);
      },
    });
    registerBuiltFiles(app, webDist, servePage);
  }
  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const path = normalizePath(request.url.split('?')[0]!);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || !isPage || path.startsWith('/assets/')) throw new ApiError('not_found');
    if (!index)
      return reply.code(503).type('text/plain').send('The web app is not built: run npm run build.');
    const { config, db } = app.ctx;
    // Pages are served while the database is out of reach; their API calls then answer 503.
    const maintenance = await isMaintenanceOn(db).catch(() => false);
    const page = pageFor(prerendered, request, path, maintenance) ?? index;
    const html = page.replace(
      CONFIG_MARKER,
      configScript({
        luMarker: config.luHostMarker,
        tagManagerId: config.tagManagerId ?? null,
        tagManagerOrigin: config.tagManagerOrigin,
        maintenance,
        pseudoLocale: config.env !== 'production',
        captcha: config.captcha
          ? { provider: config.captcha.provider, siteKey: config.captcha.siteKey }
          : null,
        operator: operatorOf(request.edition.id),
        errorReporting: config.webErrorReporting
          ? { ...config.webErrorReporting, release: `vestibule@${VERSION}` }
          : null,
      }),
    );
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  }
  // Pages are a route (the not-found handler gets no compression); files and API routes are more
  // specific and win. Other methods and unknown API paths reach the not-found handler.
  app.get('/*', servePage);
  app.setNotFoundHandler(servePage);
}
