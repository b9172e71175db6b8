// What other parts of the server use of the OAuth flow.
export { type ClientCredentialsToken, findClientCredentialsToken } from './client-credentials';
