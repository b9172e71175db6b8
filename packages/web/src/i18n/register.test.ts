import { OAUTH_PAGE_TEXTS } from '@vestibule/contract/i18n/oauth-pages';
import { describe, expect, it } from 'vitest';
import { loadTexts } from './bundles';

type Tree = { [key: string]: string | Tree };

const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

// Dutch speaks to the user with "je" everywhere (as the e-mails and SMS do), and calls the login
// address "primair" as the MFA settings do; a mixed register read as two products.
describe('the Dutch texts', async () => {
  const [core, areas] = await Promise.all([loadTexts('core', 'nl'), loadTexts('areas', 'nl')]);
  const all = [...texts({ ...core, ...areas } as unknown as Tree), ...Object.values(OAUTH_PAGE_TEXTS.nl)];

  it('never use the formal "u" or "uw"', () => {
    expect(all.filter((text) => /\b(u|uw)\b/i.test(text))).toEqual([]);
  });

  it('say "primair", never "hoofdcontact" or "hoofd-e-mailadres"', () => {
    expect(all.filter((text) => /hoofd(contact|-e-mail|telefoon)/i.test(text))).toEqual([]);
  });
});
