// What other parts of the server use of the scim flow: the one door into it.

export { SCIM_BASE_PATH } from './resource';
export { registerScim } from './scim.routes';
export { insertScimToken, listScimTokens, markScimTokenRevoked } from './tokens';
export { runScimCommand, SCIM_USAGE } from './tokens.command';
