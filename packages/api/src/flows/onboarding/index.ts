// What other parts of the server use of the onboarding flow: its invitations, the card registry
// import, the demo cards and its routes.
export { ONBOARDING_USAGE, runOnboardingCommand } from './cards.command';
export type { RowError } from './cards.csv';
export { parseCardsCsv } from './cards.csv';
export { insertCards, registryConflicts } from './cards.import';
export { seedOnboardingDemo } from './demo';
export { onboardingRoutes } from './onboarding.routes';
export { companyId, createInvitation, invitationOf, renewInvitation, revokeInvitation } from './registry';
