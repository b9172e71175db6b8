// What other parts of the server use of the sessions flow.

export { decodeCursor, encodeCursor } from './cursor';
export { endOwnSessions } from './end-own';
export { locate } from './geoip';

export { sessionRoutes } from './sessions.routes';
