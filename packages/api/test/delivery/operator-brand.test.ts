import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { configureMessageBrands, MESSAGE_BRANDS } from '../../src/delivery/messages/brand';
import { renderEmail } from '../../src/delivery/messages/render';

// The e-mails name the operator who runs the portal, per edition, from its settings:
// legal name, address, registration and support contact; unset, the demo values stay.

const LU_OPERATOR = {
  NODE_ENV: 'test',
  MAIL_COMPANY_LU: 'Chèques Repas Luxembourg S.à r.l.',
  MAIL_ADDRESS_LU: '12, rue Érasme, L-1468 Luxembourg',
  MAIL_REGISTRATION_LU: 'R.C.S. Luxembourg B 123456',
  SUPPORT_EMAIL_LU: 'aide@cheques.example.lu',
  SUPPORT_PHONE_LU: '+352 27 00 00 00',
};

function notice(edition: 'general' | 'lu') {
  return renderEmail({
    purpose: 'iban_changed',
    edition,
    locale: edition === 'lu' ? 'fr_LU' : 'en',
    values: { last4: '1234' },
    publicOrigin: edition === 'lu' ? 'https://account.example.lu' : 'https://account.example.com',
  });
}

afterEach(() => configureMessageBrands(loadConfig({ NODE_ENV: 'test' }).messageOperator));

describe("the operator's details in the e-mails", () => {
  it("come from the edition's settings, in both parts", async () => {
    configureMessageBrands(loadConfig(LU_OPERATOR).messageOperator);
    const { bodyHtml, bodyText } = await notice('lu');
    for (const part of [bodyText, bodyHtml.replace(/&#x27;|&#39;/g, "'")])
      for (const value of Object.values(LU_OPERATOR).slice(1)) expect(part).toContain(value);
    expect(bodyText).not.toContain(MESSAGE_BRANDS.lu.legal.company);
  });

  it("leave the other edition's and unset fields to the demo values", async () => {
    configureMessageBrands(
      loadConfig({ NODE_ENV: 'test', MAIL_COMPANY_LU: 'Only The Name S.A.' }).messageOperator,
    );
    const lu = await notice('lu');
    expect(lu.bodyText).toContain('Only The Name S.A.');
    expect(lu.bodyText).toContain(MESSAGE_BRANDS.lu.legal.address);
    const general = await notice('general');
    expect(general.bodyText).toContain(MESSAGE_BRANDS.general.legal.company);
    expect(general.bodyText).toContain(MESSAGE_BRANDS.general.support.email);
  });

  it('refuse a support address that is not one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL/);
  });
});
