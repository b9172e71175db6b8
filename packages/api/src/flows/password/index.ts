// What other parts of the server use of the password flow: the one door into it.
export { passwordCheckRoutes } from './password-check.routes';
export { weakPasswordRoutes } from './weak-password.routes';
