import { DATA_EXPORT_FORMAT, type DataExport } from '@vestibule/contract/schemas/privacy';
import { describe, expect, it } from 'vitest';
import { dataExportHtml, type PageTexts } from './dataExportPage';

const HOSTILE = '<script>alert(1)</script>';

const DOCUMENT: DataExport = {
  format: DATA_EXPORT_FORMAT,
  generated_at: '2026-11-26T10:00:00.000Z',
  edition: 'general',
  profile: {
    firstname: HOSTILE,
    lastname: 'Peeters',
    gender: null,
    birthdate: null,
    language: 'nl',
    country: 'BE',
    iban: null,
    national_register_number: null,
    created_at: '2026-01-02T08:00:00.000Z',
    last_password_change: null,
  },
  contacts: [{ kind: 'email', value: 'an@example.com', primary: true, verified_at: null, added_at: null }],
  cards: [],
  consents: [],
  mfa_methods: [],
  passkeys: [],
  sessions: [],
  trusted_devices: [],
  security_events: [],
  app_grants: [],
  notifications: [],
  merges: [],
};

const TEXTS: PageTexts = {
  title: 'My data',
  generated: 'Prepared today.',
  none: 'Nothing.',
  yes: 'Yes',
  no: 'No',
  sections: {
    profile: 'Profile',
    contacts: 'Contacts',
    cards: 'Cards',
    consents: 'Consents',
    mfa_methods: 'Methods',
    passkeys: 'Passkeys',
    sessions: 'Sessions',
    trusted_devices: 'Devices',
    security_events: 'Events',
    app_grants: 'Apps',
    notifications: 'Messages',
    merges: 'Merges',
  },
  columns: { value: 'Address or number' },
  language: 'en',
  date: (iso) => `date(${iso.slice(0, 10)})`,
};

describe('dataExportHtml', () => {
  it('escapes every value, so a name cannot become markup', () => {
    const html = dataExportHtml(DOCUMENT, TEXTS);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('reads as a page: one heading per part, values and dates in the reader form, empty parts said so', () => {
    const html = dataExportHtml(DOCUMENT, TEXTS);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect([...page.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(Object.values(TEXTS.sections));
    expect(page.querySelector('td')?.textContent).toBe('email');
    expect(html).toContain('an@example.com');
    expect(html).toContain('date(2026-01-02)');
    expect(html).toContain('<th scope="col">Address or number</th>');
    expect(html).toContain('<th scope="col">Verified at</th>');
    expect(page.querySelectorAll('p').length).toBeGreaterThan(5);
  });
});
