// What other parts of the server use of the onboarding flow: the invitations it owns.
export { invitationOf, renewInvitation, revokeInvitation } from './registry';
