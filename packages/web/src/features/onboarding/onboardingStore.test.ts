import type { OnboardingState } from '@vestibule/contract/schemas/onboarding';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOnboarding, savedFlowExpired, savedFlowId, writeOnboarding } from './onboardingStore';

const state = (expires_at: string) =>
  ({ id: '6f0c1d9e-2b7a-4c55-9a51-7d1f0e2b3c4d', expires_at }) as OnboardingState;

describe('savedFlowExpired', () => {
  afterEach(() => clearOnboarding());

  it('knows a saved sign-up past its expiry, so the home page does not ask the server (410)', () => {
    writeOnboarding({ state: state('2026-11-24T10:00:00.000Z') });
    expect(savedFlowId()).toBe('6f0c1d9e-2b7a-4c55-9a51-7d1f0e2b3c4d');
    expect(savedFlowExpired(Date.parse('2026-11-24T09:59:59.000Z'))).toBe(false);
    expect(savedFlowExpired(Date.parse('2026-11-24T10:00:00.000Z'))).toBe(true);
  });

  it('asks when it does not know (nothing saved, or an id saved before the expiry was kept)', () => {
    expect(savedFlowExpired()).toBe(false);
    window.localStorage.setItem('onboarding_flow', 'some-id');
    expect(savedFlowExpired()).toBe(false);
  });

  it('forgets the expiry with the flow', () => {
    writeOnboarding({ state: state('2000-01-01T00:00:00.000Z') });
    clearOnboarding();
    expect(savedFlowExpired()).toBe(false);
  });
});
