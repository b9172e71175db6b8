// What other parts of the server use of the OAuth flow.

export { authorizeRoutes } from './authorize.routes';
export { findClientCredentialsToken } from './client-credentials';
export { OAUTH_USAGE, runOAuthCommand } from './clients.command';
export type { OAuthClient } from './clients.queries';
export { clientNames, findClient, listClients } from './clients.queries';
export {
  ClientRegistryError,
  clientTag,
  lockedClient,
  registerClient,
  removeClient,
  rotateClientSecret,
  setClientDisabled,
  updateClient,
} from './clients.registry';
export { seedOAuthDemo } from './demo';
export { afterPortalSessionsEnded } from './ended-sessions';

export { grantRoutes } from './grants.routes';
export { partnerRoutes } from './partner.routes';
export { registerOAuth } from './server';
