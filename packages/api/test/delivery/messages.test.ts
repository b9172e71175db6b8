import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { EDITION_IDS, LOCALES } from '@vestibule/contract/editions';
import { checkedCatalog } from '@vestibule/contract/i18n/plain';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureMessageBrands, MESSAGE_BRANDS } from '../../src/delivery/messages/brand';
import { MESSAGE_BUNDLES } from '../../src/delivery/messages/i18n';
import { CODE_PURPOSES, type Purpose, type PurposeValues } from '../../src/delivery/messages/purposes';
import { renderEmail, renderSms } from '../../src/delivery/messages/render';
import { isGsm7, smsSegments } from '../../src/delivery/messages/sms';
import { TEMPLATES } from '../../src/delivery/messages/templates';

// Every template in every language of both editions, read as a reader (and a mail client) would.

const ORIGINS = { general: 'https://account.example.com', lu: 'https://account.example.lu' } as const;
const HOSTILE = '<img src=x onerror=alert(1)>"&\'';

/** One sample of each purpose's values; hostile text wherever a value is free text. */
const SAMPLES: { [P in Purpose]: PurposeValues[P] } = {
  login_code: { code: '48213907', minutes: 10 },
  step_up_code: { code: '50917342', minutes: 10 },
  contact_verification: { code: '73519024', minutes: 10 },
  password_reset_code: { code: '11862035', minutes: 10 },
  password_changed: { afterReset: true },
  contact_added: { contact: `j***@${HOSTILE}` },
  contact_changed: { contact: 'j***@example.com' },
  contact_removed: { contact: '+32 *** ** 01' },
  primary_changed: { contact: 'j***@example.com' },
  login_changed: { contact: 'j***@example.com' },
  iban_changed: { last4: '0000' },
  new_sign_in: { device: `Firefox on Linux ${HOSTILE}`, at: new Date('2026-11-23T22:15:00Z') },
  mfa_method_added: { method: 'totp' },
  mfa_method_removed: { method: 'sms' },
  recovery_keys_regenerated: {},
  passkey_removed: {},
  invitation: {
    company: `Acme ${HOSTILE}`,
    code: 'AB3DE-FG7HK',
    expiresAt: new Date('2026-12-07T12:00:00Z'),
  },
  signup_completed: {},
  invitation_used: { contact: 'j***@example.com', notMeCode: 'Zx9_-abcDEF' },
  merge_offered: { contact: 'j***@example.com' },
  merge_completed: { contact: 'j***@example.com' },
  merge_refused: { contact: '+352 *** 001' },
  app_approved: { app: `Deals ${HOSTILE}` },
  data_exported: {},
  account_closing: { expiresAt: new Date('2026-12-10T10:00:00Z'), cancelToken: 'a-cancel-token' },
  access_suspended: { company: `Acme ${HOSTILE}`, reason: `Left the company ${HOSTILE}` },
  access_restored: { company: 'Acme' },
  staff_enrolment: { role: 'support' },
  staff_password_reset: { code: '60418827', minutes: 10, payload: '0b6f4c0e-3c1f-4b7a-9a55-2d7c3e1b9f10' },
  mfa_reset: {},
};

const PURPOSES = Object.keys(TEMPLATES) as Purpose[];
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
const urls = (text: string) => [...text.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
const escaped = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const codeOf = (values: object) => ('code' in values ? String(values.code) : undefined);

// API test files share one process: an app started before with an operator's settings (a
// production test) configured the brands, and these checks compare with the demo operator's.
beforeAll(() => configureMessageBrands({ general: {}, lu: {} }));

describe('the message bundles', () => {
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
    );
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const english = new Map(flatten(MESSAGE_BUNDLES.en as unknown as Tree));

  it.each(Object.keys(MESSAGE_BUNDLES))('%s has exactly the English keys and placeholders', (language) => {
    const bundle = flatten(MESSAGE_BUNDLES[language as keyof typeof MESSAGE_BUNDLES] as unknown as Tree);
    expect(bundle.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of bundle) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });

  // The catalogs are ICU MessageFormat for translators' tools (decision 0083); `fill` renders them.
  it.each(Object.keys(MESSAGE_BUNDLES))(
    '%s is ICU that fill renders as ICU would: text and arguments',
    (language) => {
      for (const [key, text] of flatten(
        MESSAGE_BUNDLES[language as keyof typeof MESSAGE_BUNDLES] as unknown as Tree,
      )) {
        const elements = parse(text, { ignoreTag: true });
        const rendered = elements.map((e) =>
          e.type === TYPE.literal ? e.value : `{${(e as { value: string }).value}}`,
        );
        expect(
          elements.every((e) => e.type === TYPE.literal || e.type === TYPE.argument),
          `${language} ${key}`,
        ).toBe(true);
        expect(rendered.join(''), `${language} ${key}`).toBe(text);
      }
    },
  );

  it.each([['{count, plural, one {# code} other {# codes}}'], ["l'{brand}"], ["It''s"]])(
    'refuses %s at start-up, naming file and key',
    (text) => {
      expect(() => checkedCatalog({ common: { codeLabel: text } }, 'fr.json')).toThrow(
        'fr.json: common.codeLabel',
      );
    },
  );

  it('has a block and a template for every purpose, and nothing else', () => {
    const blocks = Object.keys(MESSAGE_BUNDLES.en).filter((key) => key !== 'common');
    expect(blocks.sort()).toEqual([...PURPOSES].sort());
  });
});

describe.each(EDITION_IDS)('the %s edition', (edition) => {
  const origin = ORIGINS[edition];
  const brand = MESSAGE_BRANDS[edition];

  describe.each(LOCALES)('in %s', (locale) => {
    it.each(PURPOSES)('renders %s as HTML and text that say the same', async (purpose) => {
      const values = SAMPLES[purpose];
      const email = await renderEmail({ purpose, edition, locale, values, publicOrigin: origin });
      const { bodyHtml: html, bodyText: text, subject } = email;
      const lang = locale.slice(0, 2);
      expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}-(?:BE|LU)"|<html[^>]* lang="en"`));
      // Subject and preheader name the purpose, in the language, with the brand.
      expect(subject).toContain(purpose === 'invitation' ? 'Acme' : brand.name);
      expect(subject).not.toMatch(/[\r\n]/);
      expect(html).toContain(escaped(email.preheader));
      // The code, when there is one, in both parts and alone in its box.
      const code = codeOf(values);
      if (code) {
        expect(text).toContain(code);
        expect(html).toMatch(new RegExp(`class="code"[^>]*>${code}</p>`));
      }
      // The same links in both parts, all on the edition's public origin; "not me" → recovery.
      const links = hrefs(html);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
      expect(new Set(urls(text))).toEqual(new Set(links));
      // The invitee of a used invitation has no account to recover: their "not me" freezes the other one.
      if (purpose === 'invitation_used')
        expect(links).toContain(`${origin}/invitation/not-me?code=Zx9_-abcDEF`);
      // A closure's "not me" is its keep link, the token in the fragment that no server receives.
      else if (purpose === 'account_closing')
        expect(links).toContain(`${origin}/account-closure#closure=a-cancel-token`);
      else if (!CODE_PURPOSES.includes(purpose as never) && purpose !== 'invitation')
        expect(links).toContain(`${origin}/forgot-password`);
      // Branded: legal footer, support contact, privacy link.
      for (const part of [html, text]) {
        expect(part).toContain(brand.legal.registration);
        expect(part).toContain(brand.support.email);
      }
      expect(links).toContain(`${origin}${brand.privacyPath}`);
      // Every value escaped: the hostile sample appears as text, never as markup.
      expect(html).not.toMatch(/<img|<[^>]*onerror/i);
    });

    it.each(PURPOSES)('writes %s as a short SMS in GSM-7, without link', (purpose) => {
      const { bodyText } = renderSms({
        purpose,
        edition,
        locale,
        values: SAMPLES[purpose],
        publicOrigin: origin,
      });
      expect(bodyText).not.toMatch(/https?:|www\.|\/forgot-password/);
      // GSM-7 unless a value brings a character outside it (the hostile samples do).
      if (!/[<>"]/.test(bodyText)) expect(isGsm7(bodyText), bodyText).toBe(true);
      const segments = smsSegments(bodyText).segments;
      if (CODE_PURPOSES.includes(purpose as never)) {
        expect(bodyText).toContain(codeOf(SAMPLES[purpose]));
        expect(segments, bodyText).toBe(1);
      } else expect(segments, bodyText).toBeLessThanOrEqual(2);
    });
  });
});

describe('client compatibility of the HTML', () => {
  it.each(PURPOSES)(
    '%s: inline styles, table layout, no external CSS, ≤ 600 px, dark-mode colours',
    async (purpose) => {
      const { bodyHtml: html } = await renderEmail({
        purpose,
        edition: 'lu',
        locale: 'de_LU',
        values: SAMPLES[purpose],
        publicOrigin: ORIGINS.lu,
      });
      expect(html).not.toMatch(/<link\b/i);
      expect(html).not.toMatch(/<script\b/i);
      expect(html).not.toMatch(/@import|url\(/i);
      // No remote content at all: no tracking pixel, no remote image, no web font.
      expect(html).not.toMatch(/<img\b|src="/i);
      // Table layout, no CSS layout mail clients drop.
      expect(html).toMatch(/<table[^>]*role="presentation"/);
      expect(html).not.toMatch(/display:\s*(?:flex|grid)|position:\s*(?:absolute|fixed)/i);
      // Styles on the elements: every paragraph, heading and link carries its own.
      const tags = html.match(/<(?:p|h1|a)\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(5);
      for (const tag of tags) expect(tag, tag).toMatch(/ style="/);
      // At most 600 px wide.
      expect(html).toMatch(/max-width:600px/);
      for (const [, width] of html.matchAll(/(?:width="|[^-]width:)(\d+)/g))
        expect(Number(width)).toBeLessThanOrEqual(600);
      // Dark mode: colour-scheme meta and the prefers-color-scheme overrides.
      expect(html).toContain('<meta name="color-scheme" content="light dark"');
      expect(html).toMatch(/@media \(prefers-color-scheme: dark\)/);
      expect(html).toContain('[data-ogsc] .card');
    },
  );

  it('escapes every value', async () => {
    const { bodyHtml, bodyText } = await renderEmail({
      purpose: 'app_approved',
      edition: 'general',
      locale: 'en',
      values: { app: '<script>alert(1)</script>' },
      publicOrigin: ORIGINS.general,
    });
    expect(bodyHtml).not.toContain('<script>');
    expect(bodyHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(bodyText).toContain('<script>alert(1)</script>');
  });
});
