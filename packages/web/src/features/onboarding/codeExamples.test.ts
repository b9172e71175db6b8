import { parseActivationCode, parseInvitationCode } from '@vestibule/contract/activation-code';
import { describe, expect, it } from 'vitest';
import { onboardingDeLU } from './i18n/de_LU';
import { onboardingEn } from './i18n/en';
import { onboardingFr } from './i18n/fr';
import { onboardingNl } from './i18n/nl';

// The code screens' hints show an example: it must pass the field's own check, and must not be a
// live code of the demo data (ACME2-GREET is a real open invitation).
const bundles = { en: onboardingEn, fr: onboardingFr, nl: onboardingNl, de_LU: onboardingDeLU };
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
