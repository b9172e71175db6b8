import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import type { Config } from '../../config';
import { publicOrigin } from '../../http/public-origin';

/**
 * The WebAuthn relying party of an edition: its ID is the host of the edition's configured public
 * address (PUBLIC_URL, PUBLIC_URL_LU), never the request's Host; the origin a browser must report
 * is that address. Each edition is its own relying party, so a passkey made on one host is
 * neither offered by the browser nor accepted by the server on the other (docs/decisions/0047).
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrls'>, edition: EditionId) {
  const origin = publicOrigin(config, edition);
  return { id: new URL(origin).hostname, origin, name: EDITIONS[edition].brandName };
}
