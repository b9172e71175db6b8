import type { EditionId } from './editions';

// Versions of the terms and conditions and of the privacy statement (SPEC §5), per edition and
// language: a new text gets a new version, and the API refuses an acceptance of an older one. The
// acceptance is stored with the version, the language and the time (docs/decisions/0011).

export type LegalDocument = 'terms' | 'privacy';
type Language = 'en' | 'fr' | 'nl' | 'de';

export const LEGAL_VERSIONS: Record<EditionId, Record<LegalDocument, Partial<Record<Language, string>>>> = {
  general: {
    terms: { en: '2026-01-en', fr: '2026-01-fr', nl: '2026-01-nl' },
    privacy: { en: '2025-11-en', fr: '2025-11-fr', nl: '2025-11-nl' },
  },
  lu: {
    terms: { fr: '2026-02-lu-fr', en: '2026-02-lu-en', de: '2026-02-lu-de' },
    privacy: { fr: '2025-12-lu-fr', en: '2025-12-lu-en', de: '2025-12-lu-de' },
  },
};

/** The current version of a document for an edition and a language (the edition's first if absent). */
export function legalVersion(
  edition: EditionId,
  document: LegalDocument,
  language: string,
): {
  version: string;
  language: string;
} {
  const versions = LEGAL_VERSIONS[edition][document];
  const wanted = language.slice(0, 2) as Language;
  const version = versions[wanted];
  if (version) return { version, language: wanted };
  const [fallbackLanguage, fallback] = Object.entries(versions)[0] as [string, string];
  return { version: fallback, language: fallbackLanguage };
}

/**
 * The year and month a version took effect, which its id starts with (`2026-01-en` → 2026, 1):
 * what pages show instead of the id. Null for an id that does not follow the rule.
 */
export function legalVersionMonth(version: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})-/.exec(version);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}
