import { useId } from 'react';
import { Link } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { LINKED_PATHS, PATHS } from '../../../lib/paths';
import { PasskeysCard } from '../../passkeys';
import { MfaMethodsCard } from '../components/MfaMethodsCard';
import { RecoveryKeysCard } from '../components/RecoveryKeysCard';
import { TrustedDevicesCard } from '../components/TrustedDevicesCard';

function BackToSecurity() {
  const { t } = useTranslation();
  return (
    <Link to={LINKED_PATHS.security} className={styles.back}>
      <span aria-hidden="true">←&nbsp;</span>
      {t('mfa.settings.backToSecurity')}
    </Link>
  );
}

/** /security/mfa-edit (step-up first): methods and trusted devices. */
export function MfaEditRoute() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.userPage} aria-labelledby={`${id}-title`}>
      <BackToSecurity />
      <h1 id={`${id}-title`}>{t('mfa.settings.title')}</h1>
      <p className={styles.intro}>{t('mfa.settings.intro')}</p>
      <MfaMethodsCard />
      <PasskeysCard returnTo={PATHS.securityMfaEdit} />
      <TrustedDevicesCard />
    </section>
  );
}

/** /security/edit-recovery (step-up first): the authenticator's recovery keys. */
export function EditRecoveryRoute() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.userPage} aria-labelledby={`${id}-title`}>
      <BackToSecurity />
      <h1 id={`${id}-title`}>{t('mfa.settings.recoveryTitle')}</h1>
      <RecoveryKeysCard />
    </section>
  );
}
