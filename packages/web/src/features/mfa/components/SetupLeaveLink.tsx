import { Link, useSearchParams } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { redirectPath } from '../afterSuccess';

/**
 * The way out of a setup page (authenticator, phone, e-mail): "Cancel" back to the settings page
 * that opened it (its `redirect`), else "Back" to the choice of methods of the setup walk.
 */
export function SetupLeaveLink() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const back = redirect
    ? redirectPath(redirect, { action: null, targetMfaId: null }, window.location.origin)
    : undefined;
  return (
    <Link to={back ?? PATHS.setupMfaSelection} className={styles.back} data-testid="setup-leave">
      <span aria-hidden="true">←&nbsp;</span>
      {t(back ? 'mfa.setup.cancel' : 'mfa.setup.backToMethods')}
    </Link>
  );
}
