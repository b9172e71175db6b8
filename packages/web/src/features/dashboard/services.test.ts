import { EDITIONS } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { areaHost, DEALS_PARTNER_URL, servicesFor } from './services';

describe('areaHost', () => {
  it('replaces the account subdomain', () => {
    expect(areaHost('account.example.com', 'client')).toBe('client.example.com');
    expect(areaHost('account.lu.example.com:8443', 'my')).toBe('my.lu.example.com:8443');
  });

  it('prefixes the area when the host has no account label', () => {
    expect(areaHost('localhost:3000', 'client')).toBe('client.localhost:3000');
    expect(areaHost('lu.localhost:3000', 'fridom')).toBe('fridom.lu.localhost:3000');
    expect(areaHost('myaccount.example.com', 'my')).toBe('my.myaccount.example.com');
  });
});

describe('servicesFor', () => {
  const location = { protocol: 'https:', host: 'account.example.com' };
  const none = { customer_user_id: null, user_id: null, fridom_user_id: null };

  it('lists a row per area id, plus deals in the general edition', () => {
    const services = servicesFor(
      { customer_user_id: 'c1', user_id: 'u1', fridom_user_id: 'f1' },
      EDITIONS.general,
      location,
    );
    expect(services).toEqual([
      { id: 'clientArea', href: 'https://client.example.com/', external: false },
      { id: 'myArea', href: 'https://my.example.com/', external: false },
      { id: 'fridom', href: 'https://fridom.example.com/', external: false },
      { id: 'deals', href: DEALS_PARTNER_URL, external: true },
    ]);
  });

  it('hides the deals row in the Luxembourg edition and rows without an id', () => {
    expect(servicesFor({ ...none, user_id: 'u1' }, EDITIONS.lu, location).map((s) => s.id)).toEqual([
      'myArea',
    ]);
    expect(servicesFor(none, EDITIONS.lu, location)).toEqual([]);
  });
});
