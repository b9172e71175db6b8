// What other parts of the server use of the company-admin flow: the one door into it.
export { type AccessChange, restoreAccess, suspendAccess } from './access';
export { adoption } from './adoption.queries';
export { invitationPage, inviteAll, revokeInvitation } from './invitations';
export { parseInviteCsv } from './invite.csv';
export { joinCompany } from './membership';
export { peoplePage } from './people.queries';
export { readPolicy, setPolicy } from './policy';
export type { CompanyActor, CompanyScope } from './scope';
export { companyScope } from './scope';
