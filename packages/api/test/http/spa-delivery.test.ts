import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../../src/db/maintenance';
import { sharedTestApp } from '../support/test-app';

/**
 * Delivery of the built SPA: pre-compressed assets by Accept-Encoding with immutable
 * caching, the pre-rendered entry screen of the edition and language (SPEC §1: the locale cookie,
 * then Accept-Language, then the edition's fallback), HTML never cached, JSON above 1 KB compressed.
 */

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** Real pages weigh several KB: above the compression threshold. */
const PADDING = 'p'.repeat(2000);

/** A build as packages/web/scripts (prerender.mjs, compress.mjs) leaves it, with marked pages. */
function standInBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vestibule-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<html><head><!--vestibule-config--></head><body>index</body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  mkdirSync(join(dir, 'assets', 'fonts'));
  writeFileSync(join(dir, 'assets', 'fonts', 'inter-def456.woff2'), 'font');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  const editions = { general: ['en', 'fr', 'nl'], lu: ['fr_LU', 'en_LU'] };
  const paths = { '/login/email': 'login-email', '/maintenance': 'maintenance' };
  for (const [edition, locales] of Object.entries(editions))
    for (const locale of locales) {
      mkdirSync(join(dir, 'prerendered', edition, locale), { recursive: true });
      for (const name of [...Object.values(paths), 'index'])
        writeFileSync(
          join(dir, 'prerendered', edition, locale, `${name}.html`),
          `<html><head><!--vestibule-config--></head><body>${edition}/${locale}/${name}</body><!--${PADDING}--></html>`,
        );
    }
  writeFileSync(join(dir, 'prerendered', 'index.json'), JSON.stringify({ paths, editions, index: 'index' }));
  return dir;
}

const dir = standInBuild();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const test = sharedTestApp({ WEB_DIST_DIR: dir });

function page(url: string, headers: Record<string, string> = {}, host?: string) {
  return test.call({ method: 'GET', url, headers, host, deviceId: null });
}

describe('built assets', () => {
  it('go out as brotli, gzip or as they are, as the browser accepts, cached for good', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { host: 'localhost:3000', 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(response.rawPayload).toString()).toBe(SCRIPT);
    }
    const plain = await test.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { host: 'localhost:3000', 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('are the files of the build as it was at start, GET and HEAD, at any depth; nothing else', async () => {
    const get = (url: string, method: 'GET' | 'HEAD' = 'GET', encoding = 'identity') =>
      test.app.inject({ method, url, headers: { host: 'localhost:3000', 'accept-encoding': encoding } });
    expect((await get('/assets/fonts/inter-def456.woff2')).body).toBe('font');
    expect((await get('/robots.txt')).body).toBe('User-agent: *');
    const head = await get('/assets/app-abc123.js', 'HEAD', 'br');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
    // Vite's manifest is no file of the site: the path is a page's.
    expect((await get('/.vite/manifest.json')).body).not.toBe('{}');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    writeFileSync(join(dir, 'assets', 'late-789.js'), SCRIPT);
    expect((await get('/assets/late-789.js')).statusCode).toBe(404);
    // One metrics label for them all, so that series do not grow with deploys.
    const metrics = await test.call({ method: 'GET', url: '/metrics', deviceId: null });
    expect(metrics.body).toMatch(/route="static",status="200"/);
    expect(metrics.body).not.toMatch(/route="\/assets/);
  });

  it('never serve the pre-rendered pages as files', async () => {
    const response = await page('/prerendered/general/en/login-email.html');
    expect(response.body).toContain('index');
    expect(response.body).not.toContain('login-email');
  });
});

describe('pre-rendered entry screens', () => {
  it('follow the locale cookie first, then Accept-Language, then the edition fallback', async () => {
    const cases: [Record<string, string>, string | undefined, string][] = [
      [{ 'accept-language': 'nl-BE,nl;q=0.9' }, undefined, 'general/nl/login-email'],
      [{ 'accept-language': 'de-DE, fr;q=0.5, nl;q=0.7' }, undefined, 'general/nl/login-email'],
      [{ 'accept-language': 'nl-BE', cookie: 'vestibule_locale=fr' }, undefined, 'general/fr/login-email'],
      [{ 'accept-language': 'de-DE' }, undefined, 'general/en/login-email'],
      [{ 'accept-language': 'en;q=0.1, fr;q=0.9' }, undefined, 'general/fr/login-email'],
      [{ 'accept-language': 'de-CH, *;q=0.5' }, 'lu.localhost:3000', 'lu/fr_LU/login-email'],
      [{}, 'lu.localhost:3000', 'lu/fr_LU/login-email'],
      [{ 'accept-language': 'en-GB' }, 'lu.localhost:3000', 'lu/en_LU/login-email'],
      [
        { 'accept-language': 'en', cookie: 'vestibule_locale=nl' },
        'lu.localhost:3000',
        'lu/en_LU/login-email',
      ],
    ];
    for (const [headers, host, expected] of cases) {
      const response = await page('/login/email', headers, host);
      expect(response.statusCode).toBe(200);
      expect(response.body, JSON.stringify(headers)).toContain(`<body>${expected}</body>`);
      expect(response.body).toContain('<script id="vestibule-config" type="application/json">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/Accept-Language, Cookie/);
    }
  });

  it('are matched with or without a trailing slash and query; other paths get index.html', async () => {
    expect((await page('/login/email/?x=1')).body).toContain('general/en/login-email');
    expect((await page('/user/dashboard')).body).toContain('<body>general/en/index</body>');
  });

  it('index.html goes out in the edition and language of the page (it preloads their texts)', async () => {
    expect((await page('/user/dashboard', { 'accept-language': 'nl' })).body).toContain('general/nl/index');
    expect((await page('/user/security', {}, 'lu.localhost:3000')).body).toContain('lu/fr_LU/index');
    const chosen = await page('/user/profile', { cookie: 'vestibule_locale=en_LU' }, 'lu.localhost:3000');
    expect(chosen.body).toContain('lu/en_LU/index');
  });

  it('leave room to /maintenance only while maintenance is on', async () => {
    await setMaintenance(test.database.db, true);
    try {
      expect((await page('/login/email')).body).toContain('<body>general/en/index</body>');
      expect((await page('/maintenance')).body).toContain('general/en/maintenance');
    } finally {
      await setMaintenance(test.database.db, false);
    }
  });
});

describe('compression of answers', () => {
  it('compresses JSON above 1 KB and leaves small answers alone', async () => {
    const big = await test.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: 'localhost:3000', 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');

    const small = await test.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { host: 'localhost:3000', 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the HTML pages too', async () => {
    const response = await page('/login/email', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('general/en/login-email');
  });
});
