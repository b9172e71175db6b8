import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import { describe, expect, it } from 'vitest';
import { loadTexts } from './bundles';
import { Translator } from './translator';

// The forgot-username hint shows an example number: valid for its edition's check, and not the
// number of a demo account (Emma's 85.07.30-033.28 was quoted before).
const DEMO_NUMBERS = ['85073003328', '1985073012341'];

describe.each([
  ['en', 'BE'],
  ['fr', 'BE'],
  ['nl', 'BE'],
  ['en_LU', 'LU'],
  ['fr_LU', 'LU'],
  ['de_LU', 'LU'],
] as const)('the %s national number example', (locale, format) => {
  it(`passes the ${format} check and is no demo account's`, async () => {
    const texts = new Translator();
    texts.addTexts(locale, await loadTexts('core', locale));
    const hint = texts.translate(locale, 'recovery.forgotUsername.nrnHint');
    const typed = hint.match(/\d[\d .-]+\d/)?.[0] ?? '';
    const number = parseNationalRegisterNumber(typed, format);
    expect(number, hint).toBeDefined();
    expect(DEMO_NUMBERS).not.toContain(number);
  });
});
