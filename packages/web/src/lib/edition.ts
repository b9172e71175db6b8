import { type Edition, editionForHost } from '@vestibule/contract/editions';
import { appConfig } from './config';

let cached: Edition | undefined;

/** The build's pre-rendering (app/prerender.tsx) renders each edition in turn, without a host. */
export function setCurrentEdition(edition: Edition): void {
  cached = edition;
}

/** The edition of this page, from `location.host` and the configured Luxembourg marker. */
export function currentEdition(): Edition {
  cached ??= editionForHost(window.location.host, appConfig().luMarker);
  return cached;
}
