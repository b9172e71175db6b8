// What other parts of the server use of the passkeys flow: the one door into it.
export { passkeyManageRoutes } from './manage.routes';
export { passkeyRegistrationRoutes } from './registration.routes';
export { passkeyUseRoutes } from './use.routes';
