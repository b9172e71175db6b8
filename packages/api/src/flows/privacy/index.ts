// What other parts of the server use of the privacy flow: the one door into it.
export { consentRoutes } from './consents.routes';
export { dataExportRoutes } from './export.routes';
