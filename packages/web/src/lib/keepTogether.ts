/**
 * Text that must not break across lines, such as a masked phone number: its spaces become
 * no-break spaces, so a narrow screen moves the whole number to the next line instead of
 * splitting it after the country code.
 */
export function keepTogether(text: string): string {
  return text.replace(/ /g, '\u00a0');
}
