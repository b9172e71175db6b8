import { forgotUsernameResponseSchema } from '@vestibule/contract/schemas/recovery';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealedCardNumber, sealedHolderNrn } from '../../src/security/sealed-identifiers';
import { createAccount } from '../support/accounts';
import { expectApiError } from '../support/api-error';
import { createTestApp, sharedTestApp, TEST_SECRETS } from '../support/test-app';
import { type Extra, post, randomIp } from './helpers';

const test = sharedTestApp();
let extra: Extra;
beforeAll(() => {
  extra = { remoteAddress: randomIp() };
});

function forgotUsername(identifier_type: string, identifier: string, more: Extra = {}) {
  return post(test, '/api/user/forgot-username', { identifier_type, identifier }, { ...extra, ...more });
}

describe('POST /api/user/forgot-username', () => {
  it('lists the masked usernames of the demo employee from the card number', async () => {
    const response = await forgotUsername('card', '5065 0000 0000 0001');
    expect(response.statusCode).toBe(200);
    expect(forgotUsernameResponseSchema.parse(response.json())).toEqual({
      usernames: [
        { kind: 'email', value: 'e***@demo.test' },
        { kind: 'phone', value: '+32 *** ** ** 01' },
      ],
    });
  });

  it('finds the same account by its Belgian national register number, typed with dots', async () => {
    const response = await forgotUsername('national_register_number', '85.07.30-033.28');
    expect(response.json().usernames).toHaveLength(2);
  });

  it('finds the Luxembourg employee by card and by national identification number on its host', async () => {
    const lu = { host: 'lu.localhost:3000' };
    expect((await forgotUsername('card', '5065000000000019', lu)).json().usernames[0]).toEqual({
      kind: 'email',
      value: 'e***@demo.lu',
    });
    expect(
      (await forgotUsername('national_register_number', '1985073012341', lu)).json().usernames,
    ).toHaveLength(2);
    // A Belgian number is not a Luxembourg one.
    expect((await forgotUsername('national_register_number', '85073003328', lu)).statusCode).toBe(422);
  });

  it('finds an account through the card holder number as well', async () => {
    const account = await createAccount(test.database.db);
    await test.database.db
      .insertInto('cards')
      .values({
        edition: 'general',
        ...sealedCardNumber(TEST_SECRETS, '5065000000000027'),
        user_id: account.id,
        ...sealedHolderNrn(TEST_SECRETS, '02010112322'),
        status: 'active',
      })
      .execute();
    const response = await forgotUsername('national_register_number', '02010112322');
    expect(response.json().usernames.map((u: { kind: string }) => u.kind)).toEqual(['email', 'phone']);
  });

  it('says none were found for a valid card nobody holds', async () => {
    const response = await forgotUsername('card', '5065000000000035');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ usernames: [] });
  });

  it('answers 422 with the SPEC text for an invalid card number', async () => {
    const response = await forgotUsername('card', '5065000000000002');
    expectApiError(response, 422, 'invalid_card_number', 'Your card number is invalid.');
  });

  it('answers 422 for an invalid national register number, translated', async () => {
    const response = await forgotUsername('national_register_number', '85073003329', {
      headers: { 'accept-language': 'nl-BE' },
    } as Extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('invalid_national_register_number');
  });

  it('is limited per identifier: the sixth lookup of one number in an hour answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await forgotUsername('card', '5065000000000043', { remoteAddress: randomIp() })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('is limited per client IP across identifiers', async () => {
    const strict = await createTestApp({ RATE_LIMIT_RECOVERY_PER_IP: '2' });
    const ip = randomIp();
    const cards = ['5065000000000050', '5065000000000068', '5065000000000076'];
    const statuses: number[] = [];
    for (const card of cards)
      statuses.push(
        (
          await post(
            strict,
            '/api/user/forgot-username',
            { identifier_type: 'card', identifier: card },
            { remoteAddress: ip },
          )
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
    await strict.app.close();
  });
});
