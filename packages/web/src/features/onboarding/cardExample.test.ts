import { parseCardNumber } from '@vestibule/contract/card-number';
import { describe, expect, it } from 'vitest';
import deLU from '../../i18n/catalogs/de_LU/areas.json';
import en from '../../i18n/catalogs/en/areas.json';
import fr from '../../i18n/catalogs/fr/areas.json';
import nl from '../../i18n/catalogs/nl/areas.json';

// The card screen's hint shows an example number: a user who types it to see how the field
// works must not be told that the example itself is invalid.
describe('the onboarding card example', () => {
  it.each([
    ['en', en.onboarding.card.hint],
    ['fr', fr.onboarding.card.hint],
    ['nl', nl.onboarding.card.hint],
    ['de_LU', deLU.onboarding.card.hint],
  ])('passes the card number check in %s', (_locale, hint) => {
    const example = hint.match(/5065[\d ]+\d/)?.[0];
    expect(example).toBeDefined();
    expect(parseCardNumber(example as string)).toBe((example as string).replace(/ /g, ''));
  });
});
