import { LOCALES } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { BUNDLE_LOADERS } from './bundles';
import { en } from './en';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(en as unknown as Tree);

describe.each(LOCALES)('the %s bundle, after overlaying', (locale) => {
  it('has exactly the English keys, each a non-empty string with the same placeholders', async () => {
    const bundle = flatten((await BUNDLE_LOADERS[locale]()) as unknown as Tree);
    expect([...bundle.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of bundle) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });
});

describe('Luxembourg overlays', () => {
  it('change their base only where they say so', async () => {
    const frLU = flatten((await BUNDLE_LOADERS.fr_LU()) as unknown as Tree);
    const fr = flatten((await BUNDLE_LOADERS.fr()) as unknown as Tree);
    expect(frLU.get('login.phoneHint')).toContain('+352');
    expect(frLU.get('login.title')).toBe(fr.get('login.title'));
  });
});
