import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { type AdminActor, capabilitiesOf, requireCompany, requireEdition } from './guard';

const actor = (over: Partial<AdminActor>): AdminActor => ({
  kind: 'staff',
  ref: 'user:1',
  name: 'Test',
  userId: 1,
  clientId: null,
  auth: undefined,
  grants: [],
  capabilities: [],
  capability: 'companies',
  role: 'company-admin',
  editions: ['general'],
  companyIds: [7],
  ...over,
});

const code = (run: () => void) => {
  try {
    run();
    return 'passed';
  } catch (error) {
    return error instanceof ApiError ? error.code : 'other';
  }
};

describe('the admin guard scopes', () => {
  it('a resource of another edition does not exist for the caller', () => {
    expect(code(() => requireEdition(actor({}), 'general'))).toBe('passed');
    expect(code(() => requireEdition(actor({}), 'lu'))).toBe('not_found');
  });

  it("another company's resource does not exist for a company admin; a both-company role reaches all", () => {
    expect(code(() => requireCompany(actor({}), { id: 7, edition: 'general' }))).toBe('passed');
    expect(code(() => requireCompany(actor({}), { id: 8, edition: 'general' }))).toBe('not_found');
    expect(code(() => requireCompany(actor({}), { id: 7, edition: 'lu' }))).toBe('not_found');
    expect(code(() => requireCompany(actor({ companyIds: null }), { id: 8, edition: 'general' }))).toBe(
      'passed',
    );
  });

  it('roles carry their capabilities, once each, in a fixed order', () => {
    expect(
      capabilitiesOf([
        { role: 'security', edition: null, company_id: null },
        { role: 'support', edition: 'lu', company_id: null },
      ]),
    ).toEqual(['accounts.read', 'accounts.write', 'audit', 'mfa_resets.decide', 'staff.read', 'staff.write']);
  });
});
