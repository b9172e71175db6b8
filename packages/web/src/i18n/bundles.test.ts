import { LOCALES } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { enAreas } from './areas/en';
import { AREA_LOADERS, BUNDLE_LOADERS } from './bundles';
import { en } from './en';
import { enLU } from './en_LU';
import { frLU } from './fr_LU';

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

const english = flatten({ ...en, ...enAreas } as unknown as Tree);

/** A locale's whole bundle: its core and its feature areas, loaded apart (bundles.ts). */
async function wholeBundle(locale: (typeof LOCALES)[number]) {
  const [core, areas] = await Promise.all([BUNDLE_LOADERS[locale](), AREA_LOADERS[locale]()]);
  return flatten({ ...core, ...areas } as unknown as Tree);
}

describe.each(LOCALES)('the %s bundle, after overlaying', (locale) => {
  it('has exactly the English keys, each a non-empty string with the same placeholders', async () => {
    const bundle = await wholeBundle(locale);
    expect([...bundle.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of bundle) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });

  it('splits into a core and feature areas that share no top-level key', async () => {
    const [core, areas] = await Promise.all([BUNDLE_LOADERS[locale](), AREA_LOADERS[locale]()]);
    expect(Object.keys(core).filter((key) => key in areas)).toEqual([]);
    expect(Object.keys(core).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(areas).sort()).toEqual(Object.keys(enAreas).sort());
  });
});

describe('Luxembourg overlays', () => {
  it('change their base only where they say so', async () => {
    const frLUBundle = await wholeBundle('fr_LU');
    const fr = await wholeBundle('fr');
    expect(frLUBundle.get('login.phoneHint')).toContain('+352');
    expect(frLUBundle.get('login.title')).toBe(fr.get('login.title'));
    expect(frLUBundle.get('mfa.setup.contact.phoneHint')).toContain('+352');
    expect(frLUBundle.get('mfa.methods.title')).toBe(fr.get('mfa.methods.title'));
  });

  it('only name keys of the core or of the feature areas, so that splitting loses none', () => {
    for (const overlay of [enLU, frLU])
      for (const key of Object.keys(overlay)) expect(key in en || key in enAreas, key).toBe(true);
  });
});
