import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@vestibule/contract/editions';
import { ERROR_MESSAGES } from '@vestibule/contract/i18n/errors';
import { describe, expect, it } from 'vitest';
import { loadTexts, type Part } from './bundles';
import { type Catalog, CatalogError, compileCatalog, compileMessage, parseMessage } from './icu';
import { pseudoLocalize } from './pseudo';

// The catalogs as translators edit them (decision 0083): every language has exactly the English
// keys, every message is ICU the translator can render, with English's arguments and the plural
// categories its language needs.

const CATALOGS = join(import.meta.dirname, 'catalogs');
const PARTS: Part[] = ['core', 'areas', 'desk'];
/** The Luxembourg English and French are overlays: only what differs from their language. */
const OVERLAYS = ['en_LU', 'fr_LU'];
const FULL_LOCALES = readdirSync(CATALOGS).filter((locale) => !OVERLAYS.includes(locale));

const readCatalog = (locale: string, file: string): Catalog =>
  JSON.parse(readFileSync(join(CATALOGS, locale, `${file}.json`), 'utf8'));

function messages(catalog: Catalog, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [k, v] of messages(value, `${prefix}${key}.`)) entries.set(k, v);
  }
  return entries;
}

/** The arguments a message uses, and each plural's categories. */
function shape(
  elements: MessageFormatElement[],
  into = { args: new Set<string>(), plurals: [] as string[][] },
) {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.args.add(element.value);
    if (element.type === TYPE.plural) {
      into.args.add(element.value);
      into.plurals.push(Object.keys(element.options));
      for (const option of Object.values(element.options)) shape(option.value, into);
    }
  }
  return into;
}

const english = Object.fromEntries(PARTS.map((part) => [part, messages(readCatalog('en', part))]));
const englishShape = (key: string, part: Part) => shape(parseMessage(english[part]!.get(key)!, key));

function pluralCategoriesOf(locale: string): string[] {
  return new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories;
}

/** A message parses, the runtime renders it, and it keeps English's arguments and plural forms. */
function expectFaithful(locale: string, part: Part, key: string, message: string): void {
  const where = `${locale}/${part}.json: ${key}`;
  expect(() => compileMessage(key, message, where), where).not.toThrow();
  const own = shape(parseMessage(message, where));
  const source = englishShape(key, part);
  expect([...own.args].sort(), where).toEqual([...source.args].sort());
  expect(own.plurals.length, where).toBe(source.plurals.length);
  const categories = pluralCategoriesOf(locale);
  own.plurals.forEach((used, i) => {
    // Every form English has that the language has too, never one the language lacks.
    const needed = source.plurals[i]!.filter((category) => categories.includes(category));
    expect(
      used.filter((category) => !categories.includes(category)),
      where,
    ).toEqual([]);
    expect(used, where).toEqual(expect.arrayContaining(needed));
  });
}

describe.each(FULL_LOCALES)('the %s catalogs', (locale) => {
  it.each(PARTS)('%s has exactly the English keys, each a faithful ICU message', (part) => {
    const own = messages(readCatalog(locale, part));
    expect([...own.keys()].sort()).toEqual([...english[part]!.keys()].sort());
    for (const [key, message] of own) {
      expect(message.trim(), `${locale} ${key}`).not.toBe('');
      expectFaithful(locale, part, key, message);
    }
  });
});

describe.each(OVERLAYS)('the %s overlay', (locale) => {
  it('only names English keys, each a faithful ICU message', () => {
    for (const [key, message] of messages(readCatalog(locale, 'overlay'))) {
      const part = PARTS.find((p) => english[p]!.has(key));
      expect(part, `${locale} ${key}`).toBeDefined();
      expectFaithful(locale, part!, key, message);
    }
  });
});

describe.each(LOCALES)('the %s texts as the SPA loads them', (locale) => {
  it('come in a core, feature areas and the console that share no top-level key', async () => {
    const parts = await Promise.all(PARTS.map((part) => loadTexts(part, locale)));
    const keys = parts.flatMap((texts) => Object.keys(texts));
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.keys(parts[0]!).sort()).toEqual(
      [...Object.keys(readCatalog('en', 'core')), 'errors'].sort(),
    );
  });
});

// The contract's catalogs (the API's error messages, its OAuth pages) are plain text, which the
// API renders as it is: converted for the translator, each must stay exactly the same text.
const CONTRACT_CATALOGS = join(import.meta.dirname, '../../../contract/src/i18n/catalogs');

describe.each(readdirSync(CONTRACT_CATALOGS))('the contract’s %s catalogs', (language) => {
  it.each(['errors', 'oauth-pages'])('%s converts to the very texts the API renders', (file) => {
    const catalog: Catalog = JSON.parse(
      readFileSync(join(CONTRACT_CATALOGS, language, `${file}.json`), 'utf8'),
    );
    expect(compileCatalog(catalog, `${language}/${file}.json`)).toEqual(catalog);
  });
});

describe.each(LOCALES)('the %s error messages', (locale) => {
  it('are the API’s for its language', async () => {
    const { errors } = await loadTexts('core', locale);
    expect(errors).toEqual(ERROR_MESSAGES[locale.slice(0, 2) as keyof typeof ERROR_MESSAGES]);
  });
});

describe('Luxembourg overlays', () => {
  it('change their base only where they say so', async () => {
    const [frLU, fr] = await Promise.all([loadTexts('core', 'fr_LU'), loadTexts('core', 'fr')]);
    const login = (texts: typeof fr) => texts.login as Catalog;
    expect(login(frLU).phoneHint).toContain('+352');
    expect(login(frLU).title).toBe(login(fr).title);
    const areas = await loadTexts('areas', 'fr_LU');
    expect(JSON.stringify(areas.mfa)).toContain('+352');
  });
});

describe('the ICU conversion', () => {
  it('turns arguments and plurals into the translator’s shape', () => {
    expect(
      compileCatalog(
        { a: 'Hi {name}', n: { b: 'Left: {count, plural, one {# key} other {# keys}}.' } },
        'x.json',
      ),
    ).toEqual({ a: 'Hi {{name}}', n: { b_one: 'Left: {{count}} key.', b_other: 'Left: {{count}} keys.' } });
  });

  it.each([
    ['{who, select, a {A} other {B}}', /a select/],
    ['{count, plural, one {{n, plural, one {x} other {y}}} other {z}}', /plural inside a plural/],
    ['{count, plural, =0 {none} other {#}}', /exact plural selectors/],
    ['{n, plural, one {#} other {#}}', /by \{count\} only/],
    ['{amount, number}', /a number format/],
    ['{broken', /not ICU MessageFormat/],
  ])('refuses %s, naming file and key', (message, reason) => {
    expect(() => compileCatalog({ group: { key: message } }, 'fr/core.json')).toThrow(CatalogError);
    expect(() => compileCatalog({ group: { key: message } }, 'fr/core.json')).toThrow(
      /fr\/core\.json: group\.key/,
    );
    expect(() => compileCatalog({ group: { key: message } }, 'fr/core.json')).toThrow(reason);
  });
});

describe('the pseudo-locale', () => {
  it('makes every English text, the API’s error messages too, at least 40 % longer, bracketed, with its placeholders intact', async () => {
    const texts = await loadTexts('core', 'en');
    const pseudo = pseudoLocalize(texts);
    expect(Object.keys(pseudo)).toContain('errors');
    const pairs = (a: Catalog, b: Catalog): [string, string][] =>
      Object.entries(a).flatMap(([key, value]) =>
        typeof value === 'string' ? [[value, b[key] as string]] : pairs(value, b[key] as Catalog),
      );
    for (const [text, long] of pairs(texts as Catalog, pseudo as Catalog)) {
      expect(long.length, text).toBeGreaterThanOrEqual(Math.floor(text.length * 1.4));
      expect(long).toMatch(/^\[.*\]$/s);
      expect(long.match(/{{\w+}}/g) ?? []).toEqual(text.match(/{{\w+}}/g) ?? []);
    }
  });
});
