import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/http/security-headers';
import { sharedTestApp } from '../support/test-app';

/**
 * CSS injection through style attributes: the CSP allows no style attribute
 * (`style-src-attr 'none'`) unless a captcha provider, whose widget writes them, is configured;
 * the SPA's sources set none, so the front end lives without them (e2e security ui.spec.ts
 * watches the browser for violations).
 */

const test = sharedTestApp();

function directive(csp: string, name: string): string[] {
  const part = csp.split(';').find((p) => p.trim().startsWith(`${name} `));
  return part ? part.trim().split(/\s+/).slice(1) : [];
}

describe('CSP: style attributes', () => {
  it("every page and API answer says style-src-attr 'none' and no inline styles", async () => {
    for (const url of ['/', '/login', '/security', '/api/status']) {
      const response = await test.call({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'style-src-attr'), url).toEqual(["'none'"]);
      expect(directive(csp, 'style-src'), url).not.toContain("'unsafe-inline'");
    }
  });

  it('only a configured captcha brings style attributes back', () => {
    expect(directive(contentSecurityPolicy({ tagManager: true }), 'style-src-attr')).toEqual(["'none'"]);
    for (const captcha of ['turnstile', 'hcaptcha', 'recaptcha'] as const)
      expect(directive(contentSecurityPolicy({ tagManager: false, captcha }), 'style-src-attr')).toEqual([
        "'unsafe-inline'",
      ]);
  });

  it('no SPA source writes a style attribute (inventory)', () => {
    const root = join(import.meta.dirname, '../../../web/src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          if (/\bstyle=\{|\bstyle="|setAttribute\(\s*['"]style['"]|dangerouslySetInnerHTML/.test(text))
            offenders.push(relative(root, path));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
