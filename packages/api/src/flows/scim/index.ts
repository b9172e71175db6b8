// What other parts of the server use of the scim flow: the one door into it.
export { registerScim } from './scim.routes';
export { runScimCommand, SCIM_USAGE } from './tokens.command';
