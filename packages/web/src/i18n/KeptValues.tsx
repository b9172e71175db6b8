import { createElement } from 'react';
import { useTranslation } from './react';
import type { TextKey, TextOptions } from './translator';

// Private-use characters mark where a kept value goes: no translation contains them.
const OPEN = '\u{E000}';
const CLOSE = '\u{E001}';
const MARKED = /\u{E000}(\w+)\u{E001}/u;

/**
 * A value shown whole on its line (an e-mail address, a phone number): it moves to the next line
 * rather than break at a space or a hyphen; its spaces are no-break spaces too. The one way to keep
 * a value together, alone or, through KeptValues, inside a sentence.
 */
export function KeptValue({ children }: { children: string }) {
  return keptSpan(children);
}

function keptSpan(value: string) {
  return createElement('span', { className: 'kept-value' }, value.replace(/ /g, '\u00a0'));
}

interface KeptValuesProps {
  text: TextKey;
  values: TextOptions;
  /** The values that must stay on one line. */
  keep: readonly string[];
}

/**
 * A translated sentence whose named values (an e-mail address, a phone number) never break across
 * lines: `jean-marc@…` broken at its hyphen, or `+32 470 …` between its groups, reads as two values.
 * A value wider than the line still wraps inside itself rather than overflow (global.css).
 */
export function KeptValues({ text, values, keep }: KeptValuesProps) {
  const { t } = useTranslation();
  const marked: TextOptions = { ...values };
  for (const name of keep) marked[name] = `${OPEN}${name}${CLOSE}`;
  // split() with a capture group puts the captured names at the odd places.
  const nodes = t(text, marked)
    .split(MARKED)
    .map((piece, index) => (index % 2 === 1 ? keptSpan(String(values[piece] ?? '')) : piece));
  // One element: in a flex container, loose text pieces would each become a column of their own.
  return createElement('span', null, ...nodes);
}
