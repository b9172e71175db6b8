// The English messages as a module of their own, beside their translations: the SPA loads one
// language's with its texts, and pre-rendered pages preload it by this name (web i18n/bundles.ts).
export { EN_ERROR_MESSAGES } from '../errors';
