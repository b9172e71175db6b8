import { SPA_CONFIG_ELEMENT_ID, spaConfigSchema } from '@vestibule/contract/spaConfig';
import { describe, expect, it } from 'vitest';
import { parseSpaConfig } from './config';

// lib/config.ts reads the injected configuration without zod (docs/performance.md); it must
// accept and refuse exactly what the contract's schema does, with the same defaults.
const samples: unknown[] = [
  {},
  { luMarker: 'lux', tagManagerId: 'GTM-AB12', maintenance: true },
  { captcha: { provider: 'turnstile', siteKey: 'key' } },
  { captcha: null, tagManagerId: null },
  { luMarker: '' },
  { tagManagerId: 'UA-1' },
  { maintenance: 'yes' },
  { captcha: { provider: 'other', siteKey: 'key' } },
  { captcha: { provider: 'hcaptcha', siteKey: '' } },
  { captcha: 'turnstile' },
  { tagManagerId: 'GTM-AB12', tagManagerOrigin: 'http://127.0.0.1:4000' },
  { tagManagerOrigin: 'https://gtm.example.com/path' },
  { tagManagerOrigin: 'javascript:alert(1)' },
  {
    operator: {
      company: 'Operator SA',
      address: 'Rue 1',
      registration: 'BCE 1',
      supportEmail: 'help@example.com',
      supportPhone: '+32 2 000 00 00',
      extra: 'dropped',
    },
  },
  { operator: { company: 'Operator SA' } },
  { operator: null },
  { operator: 'Operator SA' },
  {
    errorReporting: {
      dsn: 'https://key@errors.example/4',
      environment: 'production',
      release: 'vestibule@1.2.3',
      tracesSampleRate: 0,
      replaysSampleRate: 0.1,
    },
  },
  { errorReporting: null },
  { pseudoLocale: true },
  { pseudoLocale: 'yes' },
  {
    errorReporting: {
      dsn: 'ftp://key@errors.example/4',
      environment: 'p',
      release: 'r',
      tracesSampleRate: 0,
      replaysSampleRate: 0,
    },
  },
  {
    errorReporting: {
      dsn: 'https://key@errors.example/4',
      environment: 'p',
      release: 'r',
      tracesSampleRate: 2,
      replaysSampleRate: 0,
    },
  },
  {
    errorReporting: {
      dsn: 'https://key@errors.example/4',
      environment: '',
      release: 'r',
      tracesSampleRate: 0,
      replaysSampleRate: 0,
    },
  },
  { errorReporting: 'on' },
  null,
  [],
  'text',
];

describe('parseSpaConfig', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with spaConfigSchema on %s',
    (_, sample) => {
      const expected = spaConfigSchema.safeParse(sample);
      expect(parseSpaConfig(sample)).toEqual(expected.success ? expected.data : undefined);
    },
  );

  it('reads the element id the server writes', () => {
    document.body.innerHTML = `<script id="${SPA_CONFIG_ELEMENT_ID}" type="application/json">{"maintenance":true}</script>`;
    return import('./config').then(({ readConfig }) => expect(readConfig().maintenance).toBe(true));
  });
});
