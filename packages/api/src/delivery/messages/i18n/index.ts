import { de } from './de';
import { en, type MessageBundle } from './en';
import { fr } from './fr';
import { nl } from './nl';

export type { MessageBundle };

/** One bundle per language; the Luxembourg locales (fr_LU, en_LU, de_LU) read their language's. */
export const MESSAGE_BUNDLES = { en, fr, nl, de } satisfies Record<string, MessageBundle>;
export type MessageLanguage = keyof typeof MESSAGE_BUNDLES;

/** The language of a stored locale (`fr_LU` → `fr`); English when the portal has no such bundle. */
export function messageLanguage(locale: string): MessageLanguage {
  const language = locale.slice(0, 2).toLowerCase();
  return language in MESSAGE_BUNDLES ? (language as MessageLanguage) : 'en';
}

/** Replaces {name} placeholders; a value missing from `values` leaves nothing, never the raw name. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
