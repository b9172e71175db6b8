// What other parts of the server use of the preferences flow: the one door into it.
export { preferencesRoutes } from './preferences.routes';
