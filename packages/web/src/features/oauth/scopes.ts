import { scopeLabel } from '@vestibule/contract/scopes';
import { useTranslation } from '../../i18n/react';
import { currentEdition } from '../../lib/edition';

/** The translated label of a scope (SPEC §3); the brand scopes are named from the edition. */
export function useScopeLabel(): (scope: string) => string {
  const { t } = useTranslation();
  const edition = currentEdition();
  return (scope) => {
    const label = scopeLabel(scope, edition);
    return label
      ? t(`oauth.scopes.${label}`, { brand: edition.brandName })
      : t('oauth.scopes.unknown', { scope });
  };
}
