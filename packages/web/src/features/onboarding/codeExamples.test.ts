import { parseActivationCode, parseInvitationCode } from '@vestibule/contract/activation-code';
import { describe, expect, it } from 'vitest';
import deLU from '../../i18n/catalogs/de_LU/areas.json';
import en from '../../i18n/catalogs/en/areas.json';
import fr from '../../i18n/catalogs/fr/areas.json';
import nl from '../../i18n/catalogs/nl/areas.json';

// The code screens' hints show an example: it must pass the field's own check, and must not be a
// live code of the demo data (ACME2-GREET is a real open invitation).
const bundles = { en: en.onboarding, fr: fr.onboarding, nl: nl.onboarding, de_LU: deLU.onboarding };
const example = (hint: string) => hint.match(/[0-9A-Z]{4,5}(?:\u2011[0-9A-Z]{4,5})+/)?.[0] ?? '';

describe.each(Object.entries(bundles))('the %s code examples', (_locale, bundle) => {
  it('the activation code example passes the activation code check', () => {
    expect(parseActivationCode(example(bundle.activationCode.hint))).toBeDefined();
  });

  it('the invitation code example is a well-formed code, not the demo invitation', () => {
    const code = parseInvitationCode(example(bundle.code.hint));
    expect(code).toBeDefined();
    expect(code).not.toBe('ACME2GREET');
  });
});
