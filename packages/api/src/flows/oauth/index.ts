// What other parts of the server use of the OAuth flow.
export { findClientCredentialsToken } from './client-credentials';
export { clientNames } from './clients.queries';
export { afterPortalSessionsEnded } from './ended-sessions';
export { listUserGrants } from './grants.queries';
