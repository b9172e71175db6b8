// No field of the portal or of OAuth takes a control character, and PostgreSQL refuses a NUL in
// text and jsonb: input is refused at the edge when any string in it holds one.

/** C0 controls (NUL, tab, line breaks included), DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its job.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Where the first control character of a parsed input is, as a field path (`username`,
 * `emails.0`, or `at` for the value itself): in a string, an array item, an object key or value.
 */
export function controlCharacterAt(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? at || '(value)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (hasControlCharacter(key)) return path;
    const found = controlCharacterAt(item, path);
    if (found) return found;
  }
  return undefined;
}
