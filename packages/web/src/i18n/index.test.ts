import { describe, expect, it } from 'vitest';
import { changeLocale, ensureAreaStrings, ensureDeskStrings, i18n, initI18n } from './index';

describe('i18n runtime', () => {
  it('translates with Luxembourg locale codes and sets <html lang>', async () => {
    await initI18n('fr_LU');
    expect(i18n.t('login.title')).toBe('Se connecter');
    expect(i18n.t('head.title', { brand: 'Vestibule' })).toBe('Vestibule · Mon compte');
    expect(document.documentElement.lang).toBe('fr-LU');
    await changeLocale('en_LU');
    expect(i18n.t('errors.too_many_attempts')).toBe('Too many attempts. Please try again later.');
    expect(document.documentElement.lang).toBe('en-LU');
  });

  it('loads the feature areas on demand, then with every language change', async () => {
    await initI18n('fr');
    // The login page's texts only, at first.
    expect(i18n.exists('mfa.methods.title')).toBe(false);
    await ensureAreaStrings();
    expect(i18n.t('mfa.methods.title')).toBe(
      (await import('./catalogs/fr/areas.json')).default.mfa.methods.title,
    );
    await changeLocale('en_LU');
    expect(i18n.t('mfa.setup.contact.phoneHint')).toContain('+352');
    expect(i18n.t('login.title')).toBe('Log in');
  });

  it("loads the console's texts only with the console, then with every language change", async () => {
    await initI18n('nl');
    await ensureAreaStrings();
    // A card holder's pages never load them.
    expect(i18n.exists('admin.staff.title')).toBe(false);
    await ensureDeskStrings();
    expect(i18n.t('admin.staff.title')).toBe(
      (await import('./catalogs/nl/desk.json')).default.admin.staff.title,
    );
    await changeLocale('fr');
    expect(i18n.t('admin.staff.title')).toBe(
      (await import('./catalogs/fr/desk.json')).default.admin.staff.title,
    );
    expect(i18n.t('mfa.methods.title')).toBe(
      (await import('./catalogs/fr/areas.json')).default.mfa.methods.title,
    );
  });
});
