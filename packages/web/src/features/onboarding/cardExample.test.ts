import { parseCardNumber } from '@vestibule/contract/card-number';
import { describe, expect, it } from 'vitest';
import { onboardingDeLU } from './i18n/de_LU';
import { onboardingEn } from './i18n/en';
import { onboardingFr } from './i18n/fr';
import { onboardingNl } from './i18n/nl';

// The card screen's hint shows an example number: a user who types it to see how the field
// works must not be told that the example itself is invalid.
describe('the onboarding card example', () => {
  it.each([
    ['en', onboardingEn.card.hint],
    ['fr', onboardingFr.card.hint],
    ['nl', onboardingNl.card.hint],
    ['de_LU', onboardingDeLU.card.hint],
  ])('passes the card number check in %s', (_locale, hint) => {
    const example = hint.match(/5065[\d ]+\d/)?.[0];
    expect(example).toBeDefined();
    expect(parseCardNumber(example as string)).toBe((example as string).replace(/ /g, ''));
  });
});
