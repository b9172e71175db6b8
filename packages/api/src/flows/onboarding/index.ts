// What other parts of the server use of the onboarding flow: the invitations it owns.

export { ONBOARDING_USAGE, runOnboardingCommand } from './cards.command';
export { seedOnboardingDemo } from './demo';
export { onboardingRoutes } from './onboarding.routes';
export { companyId, createInvitation, invitationOf, renewInvitation, revokeInvitation } from './registry';
