// The Security tab's flow (timeline, password change): what the composition mounts.
export { securityEventRoutes } from './events.routes';
export { securityPasswordRoutes } from './password.routes';
