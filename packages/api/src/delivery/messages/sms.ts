// SMS rules (docs/decisions/0044): short, no link (a link in a bank's SMS is what phishing looks
// like), GSM-7 where the language allows, so a code message fits one 160-character segment.

// The GSM 03.38 default alphabet, and the extension table whose characters count twice.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Characters a sender may swap for their GSM-7 look-alike without changing the meaning. */
const GSM7_LOOKALIKES: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
  '…': '...',
};

export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.includes(char) && !GSM7_EXTENDED.includes(char)) return false;
  return true;
}

/** Segments the text takes: 160/153 GSM-7 septets, or 70/67 UCS-2 characters once one is outside. */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; length: number; segments: number } {
  if (isGsm7(text)) {
    let length = 0;
    for (const char of text) length += GSM7_EXTENDED.includes(char) ? 2 : 1;
    return { encoding: 'GSM-7', length, segments: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  const length = [...text].length;
  return { encoding: 'UCS-2', length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

/**
 * An SMS body: look-alikes swapped for GSM-7, and any address removed (the texts carry none; a
 * value such as a device name could), so no SMS ever carries a link.
 */
export function smsText(text: string): string {
  let out = '';
  for (const char of text) out += GSM7_LOOKALIKES[char] ?? char;
  return out
    .replace(LINK, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
