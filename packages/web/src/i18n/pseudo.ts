import type { Texts } from './icu';

// The pseudo-locale (decision 0083): every English text accented, about 40 % longer and in
// brackets, so that a layout too tight for French or German, a clipped label or a text left out of
// the catalogs shows in English pages. Development and tests only (app/boot.ts).

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéĝĥíķĺñöŕšţüýžÀƁÇĐÉĜĤÍĶĹÑÖŔŠŢÜÝŽ'][i]!,
  ]),
);
/** The translator's placeholders stay as they are. */
const PLACEHOLDER = /({{\s*[\w.]+\s*}})/;
const GROWTH = 0.4;

function accent(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
}

/** Padding in words of up to five letters, so that it wraps as a translation's words would. */
function padding(length: number): string {
  const extra = Math.ceil(length * GROWTH) - 2;
  if (extra <= 1) return '';
  const words = 'ẋ'.repeat(extra - 1).match(/.{1,5}/gu) ?? [];
  return ` ${words.join(' ')}`.slice(0, extra);
}

export function pseudoText(text: string): string {
  return `[${accent(text)}${padding(text.length)}]`;
}

export function pseudoLocalize(texts: Texts): Texts {
  return Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoText(value) : pseudoLocalize(value),
    ]),
  );
}
