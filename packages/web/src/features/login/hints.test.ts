import { EDITIONS } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { loginHintOf, uiLocaleOf } from './hints';

const origin = 'https://account.example.com';
const approve = (query: Record<string, string>) =>
  `/approve?${new URLSearchParams({ uid: 'u1', client_id: 'c1', ...query })}`;

describe('login hints of the /approve target', () => {
  it('an e-mail login_hint fits the e-mail tab, a phone number the phone tab', () => {
    expect(loginHintOf(approve({ login_hint: 'olivia@example.com' }), origin)).toEqual({
      mode: 'email',
      username: 'olivia@example.com',
    });
    expect(loginHintOf(approve({ login_hint: '+32 470 12 34 56' }), origin)).toEqual({
      mode: 'phone',
      username: '+32 470 12 34 56',
    });
  });

  it('no hint, an opaque hint or no target give nothing', () => {
    expect(loginHintOf(approve({}), origin)).toBeUndefined();
    expect(loginHintOf(approve({ login_hint: 'sub-12345-opaque' }), origin)).toBeUndefined();
    expect(loginHintOf(null, origin)).toBeUndefined();
  });

  it('ui_locales picks the first language the edition offers', () => {
    expect(uiLocaleOf(approve({ ui_locales: 'de-DE fr-BE en' }), origin, EDITIONS.general)).toBe('fr');
    expect(uiLocaleOf(approve({ ui_locales: 'de en' }), origin, EDITIONS.lu)).toBe('en_LU');
    expect(uiLocaleOf(approve({ ui_locales: 'es' }), origin, EDITIONS.general)).toBeUndefined();
    expect(uiLocaleOf(approve({}), origin, EDITIONS.general)).toBeUndefined();
  });
});
