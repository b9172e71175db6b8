// What other parts of the server use of the profile flow: the one door into it.
export { ibanRoutes } from './iban.routes';
export { loginChangeRoutes } from './login-change.routes';
export { userRoutes } from './user.routes';
