import { LOCALES } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { enAreas } from './areas/en';
import { AREA_LOADERS, BUNDLE_LOADERS, DESK_LOADERS } from './bundles';
import { enDesk } from './desk/en';
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

const english = flatten({ ...en, ...enAreas, ...enDesk } as unknown as Tree);

/** A locale's whole bundle: its core, its feature areas and the console's, loaded apart (bundles.ts). */
async function wholeBundle(locale: (typeof LOCALES)[number]) {
  const [core, areas, desk] = await Promise.all([
    BUNDLE_LOADERS[locale](),
    AREA_LOADERS[locale](),
    DESK_LOADERS[locale](),
  ]);
  return flatten({ ...core, ...areas, ...desk } as unknown as Tree);
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

  it('splits into a core, feature areas and the console that share no top-level key', async () => {
    const [core, areas, desk] = await Promise.all([
      BUNDLE_LOADERS[locale](),
      AREA_LOADERS[locale](),
      DESK_LOADERS[locale](),
    ]);
    const keys = [...Object.keys(core), ...Object.keys(areas), ...Object.keys(desk)];
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.keys(core).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(areas).sort()).toEqual(Object.keys(enAreas).sort());
    expect(Object.keys(desk).sort()).toEqual(Object.keys(enDesk).sort());
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

  it('only name keys of the core, the feature areas or the console, so that splitting loses none', () => {
    for (const overlay of [enLU, frLU])
      for (const key of Object.keys(overlay))
        expect(key in en || key in enAreas || key in enDesk, key).toBe(true);
  });
});
