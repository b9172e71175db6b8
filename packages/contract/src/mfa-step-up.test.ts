import { describe, expect, it } from 'vitest';
import { type MfaChangeFacts, mfaChangeNeedsStepUp, normaliseMfaTarget } from './mfa-step-up';

const proven = ['emma@demo.test'];
const facts = (overrides: Partial<MfaChangeFacts> = {}): MfaChangeFacts => ({
  forcedSetup: false,
  methods: [],
  provenAddresses: proven,
  change: { kind: 'email', target: 'emma@demo.test' },
  ...overrides,
});

describe('mfaChangeNeedsStepUp', () => {
  it('the first method to an address the account proved needs none', () => {
    expect(mfaChangeNeedsStepUp(facts())).toBe(false);
    expect(
      mfaChangeNeedsStepUp(
        facts({ provenAddresses: ['+32470000001'], change: { kind: 'sms', target: '+32470000001' } }),
      ),
    ).toBe(false);
  });

  it('a new or unparsable address needs one, also as the first method', () => {
    expect(mfaChangeNeedsStepUp(facts({ change: { kind: 'email', target: 'other@demo.test' } }))).toBe(true);
    expect(mfaChangeNeedsStepUp(facts({ change: { kind: 'email', target: undefined } }))).toBe(true);
    expect(mfaChangeNeedsStepUp(facts({ provenAddresses: [] }))).toBe(true);
  });

  it('a first authenticator needs one (it has no address to have proven)', () => {
    expect(mfaChangeNeedsStepUp(facts({ change: { kind: 'authenticator' } }))).toBe(true);
  });

  it('once the account has a code method, every change needs one', () => {
    expect(mfaChangeNeedsStepUp(facts({ methods: [{ id: 5, method: 'totp' }] }))).toBe(true);
    expect(mfaChangeNeedsStepUp(facts({ methods: [{ id: 7, method: 'email' }] }))).toBe(true);
  });

  it('placeholders (negative ids) and passkeys are not code methods', () => {
    const methods = [
      { id: -1, method: 'sms' },
      { id: 6, method: 'passkey' },
    ];
    expect(mfaChangeNeedsStepUp(facts({ methods }))).toBe(false);
  });

  it('a forced setup needs none, whatever the change', () => {
    const forced = { forcedSetup: true, methods: [{ id: 5, method: 'totp' }] };
    expect(mfaChangeNeedsStepUp(facts({ ...forced, change: { kind: 'authenticator' } }))).toBe(false);
    expect(mfaChangeNeedsStepUp(facts({ ...forced, change: { kind: 'sms', target: undefined } }))).toBe(
      false,
    );
  });
});

describe('normaliseMfaTarget', () => {
  it('lower-cases an e-mail and gives a phone in E.164 with the edition region', () => {
    expect(normaliseMfaTarget('email', ' Emma@Demo.Test ', 'BE')).toBe('emma@demo.test');
    expect(normaliseMfaTarget('sms', '0470 00 00 01', 'BE')).toBe('+32470000001');
    expect(normaliseMfaTarget('sms', '621 000 001', 'LU')).toBe('+352621000001');
  });

  it('is undefined when the target does not parse', () => {
    expect(normaliseMfaTarget('email', 'not-an-address', 'BE')).toBeUndefined();
    expect(normaliseMfaTarget('sms', '12', 'LU')).toBeUndefined();
  });
});
