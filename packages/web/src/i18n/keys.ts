import type { ErrorMessages } from '@vestibule/contract/errors';
import type areas from './catalogs/en/areas.json';
import type core from './catalogs/en/core.json';
import type desk from './catalogs/en/desk.json';

// The English catalogs define the keys (decision 0083): every other catalog must have exactly
// these (catalogs.test.ts), and TypeScript reads them straight from the JSON, so that a `t()` call
// with a wrong key fails `npm run typecheck`. A plural message is one key, as in the catalog.

/** The login page's texts and those of the pages outside the feature areas, with the API's errors. */
export type CoreMessages = typeof core & { errors: ErrorMessages };
/** Every text: the core, the feature areas' and the console's, loaded separately (bundles.ts). */
export type Messages = CoreMessages & typeof areas & typeof desk;

type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** `mfa.methods.title`; a plural message such as `admin.search.results` takes `count`. */
export type TextKey = KeysOf<Messages>;
