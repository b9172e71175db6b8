import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design system's rules for stylesheets (docs/decisions/0039 and 0055), checked on the files
// themselves: a feature's look comes from the tokens and the primitives of components/, so a feature
// or layout sheet holds no colour of its own, no rule that escapes its module, and composes only
// from sheets that can be composed from.

const SRC = import.meta.dirname;

function sheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const all = sheets(SRC);
const own = all.filter((path) => /[/\\](features|app)[/\\]/.test(path));
const name = (path: string) => relative(SRC, path);

/** The selectors of a sheet's style rules (not those inside @keyframes). */
function selectors(css: string): string[] {
  const found: string[] = [];
  const text = withoutComments(css).replace(/@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  for (const match of text.matchAll(/([^{};]+)\{/g)) {
    const selector = (match[1] ?? '').trim();
    if (selector && !selector.startsWith('@')) found.push(...selector.split(',').map((part) => part.trim()));
  }
  return found;
}

describe('stylesheets', () => {
  it('finds the feature and layout sheets', () => {
    expect(own.length).toBeGreaterThan(10);
  });

  it('feature and layout sheets use the colour tokens, never a colour of their own', () => {
    const offending = own.flatMap((path) =>
      withoutComments(readFileSync(path, 'utf8'))
        // A custom property's fallback (var(--x, #fff)) is the token's value before the theme loads.
        .replace(/var\([^()]*\)/g, '')
        .split('\n')
        .filter((line) => /#[0-9a-f]{3,8}\b|\b(rgb|rgba|hsl|hsla)\(/i.test(line))
        .map((line) => `${name(path)}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('every rule of a feature or layout sheet is scoped by one of its classes', () => {
    const global = own.flatMap((path) =>
      selectors(readFileSync(path, 'utf8'))
        .filter((selector) => !selector.includes('.'))
        .map((selector) => `${name(path)}: ${selector}`),
    );
    expect(global).toEqual([]);
  });

  it('composes only from sheets without @import (an @import there is not inlined and its sheet fails to load)', () => {
    const broken = all.flatMap((path) =>
      [...withoutComments(readFileSync(path, 'utf8')).matchAll(/composes:[^;]*from\s+"([^"]+)"/g)]
        .map((match) => resolve(dirname(path), match[1] ?? ''))
        .filter((target) => /@import/.test(withoutComments(readFileSync(target, 'utf8'))))
        .map((target) => `${name(path)} composes from ${name(target)}`),
    );
    expect(broken).toEqual([]);
  });
});
