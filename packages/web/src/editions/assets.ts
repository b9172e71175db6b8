import type { EditionId } from '@vestibule/contract/editions';
import generalFavicon from './general/favicon.svg';
import generalLogo from './general/logo.svg';
import luFavicon from './lu/favicon.svg';
import luLogo from './lu/logo.svg';
import './general/theme.css';
import './lu/theme.css';

/** Brand assets per edition; the theme tokens apply through `<html data-edition>`. */
export const EDITION_ASSETS: Record<EditionId, { logo: string; favicon: string }> = {
  general: { logo: generalLogo, favicon: generalFavicon },
  lu: { logo: luLogo, favicon: luFavicon },
};

/** Applies the edition's theme and favicon to the document (once, at start-up). */
export function applyEditionToDocument(id: EditionId): void {
  document.documentElement.dataset.edition = id;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = EDITION_ASSETS[id].favicon;
}
