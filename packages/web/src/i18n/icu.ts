import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  type MessageFormatElement,
  parse,
  TYPE,
} from '@formatjs/icu-messageformat-parser';

// The build's half of the texts (decision 0083): catalogs are JSON with ICU MessageFormat, which
// translators' tools read; the SPA's small translator (translator.ts) reads `{{name}}` and
// `_one`/`_other` keys. This turns the first into the second when Vite imports a catalog
// (vite.config.ts), and refuses what the translator could not render faithfully.

export type Catalog = { [key: string]: string | Catalog };
/** What the translator reads: the same tree, a plural message split into `key_<category>` entries. */
export type Texts = { [key: string]: string | Texts };

export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

export class CatalogError extends Error {
  override name = 'CatalogError';
}

const ELEMENT_NAMES: Record<TYPE, string> = {
  [TYPE.literal]: 'text',
  [TYPE.argument]: 'argument',
  [TYPE.number]: 'number format',
  [TYPE.date]: 'date format',
  [TYPE.time]: 'time format',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.pound]: '#',
  [TYPE.tag]: 'tag',
};

/** The ICU message's elements; a syntax error names the file and key. */
export function parseMessage(message: string, where: string): MessageFormatElement[] {
  try {
    // Tags stay text: the translator has no rich-text rendering, and `<` is ordinary text.
    return parse(message, { ignoreTag: true, requiresOtherClause: true });
  } catch (error) {
    throw new CatalogError(`${where}: not ICU MessageFormat (${(error as Error).message})`);
  }
}

/** Text and `{name}` arguments (and `#` inside a plural) as the translator's `{{name}}`. */
function flatText(elements: MessageFormatElement[], where: string, inPlural: boolean): string {
  return elements
    .map((element) => {
      if (isLiteralElement(element)) return element.value;
      if (isArgumentElement(element)) return `{{${element.value}}}`;
      if (inPlural && isPoundElement(element)) return '{{count}}';
      const nested = inPlural && isPluralElement(element) ? 'a plural inside a plural' : undefined;
      throw new CatalogError(
        `${where}: the runtime cannot render ${nested ?? `a ${ELEMENT_NAMES[element.type]}`} (decision 0083)`,
      );
    })
    .join('');
}

/** One message's entries for the translator: `{ key }`, or `{ key_one, key_other, … }` for a plural. */
export function compileMessage(key: string, message: string, where: string): Record<string, string> {
  const elements = parseMessage(message, where);
  const plurals = elements.filter(isPluralElement);
  if (plurals.length === 0) return { [key]: flatText(elements, where, false) };
  const plural = plurals[0]!;
  if (plurals.length > 1) throw new CatalogError(`${where}: the runtime renders one plural per message`);
  if (plural.value !== 'count')
    throw new CatalogError(`${where}: the runtime chooses plurals by {count} only, not {${plural.value}}`);
  if (plural.pluralType === 'ordinal' || plural.offset)
    throw new CatalogError(`${where}: the runtime has no ordinal plurals or offsets`);
  const at = elements.indexOf(plural);
  const before = flatText(elements.slice(0, at), where, false);
  const after = flatText(elements.slice(at + 1), where, false);
  const entries: Record<string, string> = {};
  for (const [category, option] of Object.entries(plural.options)) {
    if (!(PLURAL_CATEGORIES as readonly string[]).includes(category))
      throw new CatalogError(`${where}: the runtime has no exact plural selectors (${category})`);
    entries[`${key}_${category}`] = before + flatText(option.value, where, true) + after;
  }
  return entries;
}

/** A whole catalog for the translator; `file` names it in errors. */
export function compileCatalog(catalog: Catalog, file: string, path = ''): Texts {
  const texts: Texts = {};
  for (const [key, value] of Object.entries(catalog)) {
    const where = `${file}: ${path}${key}`;
    const entries =
      typeof value === 'string'
        ? compileMessage(key, value, where)
        : typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { [key]: compileCatalog(value, file, `${path}${key}.`) }
          : undefined;
    if (!entries) throw new CatalogError(`${where}: a catalog holds texts and groups of texts only`);
    for (const [name, entry] of Object.entries(entries)) {
      if (name in texts) throw new CatalogError(`${where}: ${name} comes out twice`);
      texts[name] = entry;
    }
  }
  return texts;
}
