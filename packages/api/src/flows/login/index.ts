// What other parts of the server use of the login flow: the one door into it.
export { handoverRoutes } from './handover.routes';

export { tokenRoutes } from './token.routes';
