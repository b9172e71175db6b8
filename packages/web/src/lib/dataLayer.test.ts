import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test starts from a fresh module: the data layer keeps what was chosen on the page.
async function freshDataLayer() {
  vi.resetModules();
  delete window.dataLayer;
  document.getElementById('gtm-script')?.remove();
  return import('./dataLayer');
}

/** The data layer as plain values: gtag's `arguments` objects become arrays. */
function entries(): unknown[] {
  return (window.dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]'
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  );
}

const VIEW = {
  location: `${window.location.origin}/onboarding?invitation=AB12-CD34`,
  title: 'Activate your account · Vestibule',
  referrer: '',
};

describe('data layer and consent', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('pushes nothing and loads nothing before the visitor chooses', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: 'GTM-TEST', origin: 'http://127.0.0.1:4999' });
    layer.applyConsent(null);
    layer.pushPageView(VIEW);
    expect(window.dataLayer).toBeUndefined();
    expect(document.getElementById('gtm-script')).toBeNull();
  });

  it('pushes nothing and loads nothing after a refusal', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: 'GTM-TEST', origin: 'http://127.0.0.1:4999' });
    layer.pushPageView(VIEW);
    layer.applyConsent('denied');
    layer.pushPageView(VIEW);
    expect(window.dataLayer).toBeUndefined();
    expect(document.getElementById('gtm-script')).toBeNull();
  });

  it('on acceptance: Consent Mode v2 default, the tag manager from its origin, the scrubbed page view', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: 'GTM-TEST', origin: 'http://127.0.0.1:4999' });
    layer.pushPageView(VIEW);
    layer.applyConsent('granted');
    const [consent, view, start] = entries() as [unknown[], Record<string, unknown>, Record<string, unknown>];
    expect(consent).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'granted',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    expect(start.event).toBe('gtm.js');
    expect(view).toEqual({
      event: 'virtual_page_view',
      location: `${window.location.origin}/onboarding?invitation=redacted`,
      title: VIEW.title,
      referrer: '',
    });
    expect(document.getElementById('gtm-script')?.getAttribute('src')).toBe(
      'http://127.0.0.1:4999/gtm.js?id=GTM-TEST',
    );
  });

  it('on an address with a secret the tag manager waits until the page has taken it', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: 'GTM-TEST', origin: 'http://127.0.0.1:4999' });
    window.history.replaceState(null, '', '/onboarding?invitation=AB12-CD34');
    layer.applyConsent('granted');
    layer.pushPageView(VIEW);
    expect(document.getElementById('gtm-script')).toBeNull();
    expect(JSON.stringify(entries())).not.toContain('AB12-CD34');
    window.history.replaceState(null, '', '/onboarding/code');
    layer.pushPageView({ ...VIEW, location: window.location.href });
    expect(document.getElementById('gtm-script')).not.toBeNull();
  });

  it('a later refusal sends the consent update and stops the page views', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: 'GTM-TEST', origin: 'http://127.0.0.1:4999' });
    layer.applyConsent('granted');
    layer.applyConsent('denied');
    layer.pushPageView(VIEW);
    const all = entries();
    expect(all.at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    expect(all.some((entry) => (entry as { event?: string }).event === 'virtual_page_view')).toBe(false);
  });

  it('without a tag manager, acceptance pushes and loads nothing', async () => {
    const layer = await freshDataLayer();
    layer.configureTagManager({ id: null, origin: 'https://www.googletagmanager.com' });
    layer.applyConsent('granted');
    layer.pushPageView(VIEW);
    expect(window.dataLayer).toBeUndefined();
  });
});
