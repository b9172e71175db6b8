import { formatPhone } from '@vestibule/contract/phone';
import type { User } from '@vestibule/contract/schemas/user';
import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import styles from '../../../components/CodeCard.module.css';
import { Icon } from '../../../components/Icon';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { intlLocale } from '../../../lib/intl';
import { PATHS } from '../../../lib/paths';
import { useStepDone } from '../../../lib/stepDone';
import { takeTargetPath } from '../../../lib/targetUrl';
import { useUser } from '../../../lib/user';
import { redirectPath } from '../afterSuccess';

/** The recovery keys as a text file, one per line, with a header saying what they are. */
export function recoveryKeysFile(header: string, keys: readonly string[]): string {
  return `${header}\n\n${keys.join('\n')}\n`;
}

/** The account as its owner logs in with it: the primary e-mail, else the primary phone. */
export function accountLogin(user: Pick<User, 'email' | 'phone'> | undefined): string {
  const email = user?.email.find((entry) => entry.default) ?? user?.email[0];
  if (email) return email.email;
  const phone = user?.phone.find((entry) => entry.default) ?? user?.phone[0];
  return phone ? formatPhone(phone.phone) : '';
}

/**
 * /setup-totp/success (isRegenerated=true after a regeneration): the recovery keys, shown once —
 * they come in the navigation state only, never stored, so a reload no longer shows them.
 */
export function SetupTotpSuccessRoute() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  const [params] = useSearchParams();
  const [keys] = useState<string[]>(() => {
    const state = location.state as { keys?: unknown } | null;
    return Array.isArray(state?.keys) ? state.keys.filter((k): k is string => typeof k === 'string') : [];
  });
  const regenerated = params.get('isRegenerated') === 'true';
  const done = useStepDone('setup-totp');

  // Forget the keys from the history entry: back/forward must not show them again.
  useEffect(() => {
    if (keys.length) window.history.replaceState({ ...window.history.state, usr: null }, '');
  }, [keys]);

  useEffect(() => {
    if (regenerated && keys.length) toast.show('success', t('mfa.setup.totpSuccess.generated'));
  }, [regenerated, keys, toast, t]);

  const text = recoveryKeysFile(
    // Names the account and the day: a file kept for years must say which keys it holds.
    t('mfa.setup.totpSuccess.fileHeader', {
      brand: currentEdition().brandName,
      account: accountLogin(user),
      date: new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date()),
    }),
    keys,
  );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-keys.txt';
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const onContinue = () => {
    const redirect = params.get('redirect');
    const to = redirect
      ? redirectPath(redirect, { action: null, targetMfaId: null }, window.location.origin)
      : undefined;
    navigate(to ?? takeTargetPath(PATHS.dashboard), { replace: true });
  };

  // Opened without a setup or regeneration just done: it would claim what did not happen.
  if (!done) return <Navigate to={PATHS.security} replace />;
  return (
    <BadgeCard aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        {t(regenerated ? 'mfa.setup.totpSuccess.titleRegenerated' : 'mfa.setup.totpSuccess.title')}
      </h1>
      {keys.length === 0 ? (
        <>
          <p className={styles.note}>{t('mfa.setup.totpSuccess.gone')}</p>
          <Link to={PATHS.securityEditRecovery} className={styles.secondary}>
            {t('mfa.settings.manageRecovery')}
          </Link>
        </>
      ) : (
        <>
          <p className={styles.intro}>
            {t(regenerated ? 'mfa.setup.totpSuccess.textRegenerated' : 'mfa.setup.totpSuccess.text')}{' '}
            <strong>{t('mfa.setup.totpSuccess.once')}</strong>
          </p>
          <ul
            className={styles.keys}
            aria-label={t('mfa.setup.totpSuccess.keysLabel')}
            data-testid="recovery-keys"
          >
            {keys.map((key) => (
              <li key={key}>{key}</li>
            ))}
          </ul>
          <div className={styles.row}>
            <button
              type="button"
              className={styles.secondary}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(keys.join('\n'))
                  .then(() => toast.show('success', t('mfa.setup.totpSuccess.copied')))
                  .catch(() => undefined)
              }
            >
              <Icon name="copy" size={20} />
              {t('mfa.setup.totpSuccess.copy')}
            </button>
            <button type="button" className={styles.secondary} onClick={download}>
              <Icon name="download" size={20} />
              {t('mfa.setup.totpSuccess.download')}
            </button>
          </div>
        </>
      )}
      <button type="button" className={styles.submit} onClick={onContinue}>
        {t('mfa.setup.totpSuccess.continue')}
      </button>
    </BadgeCard>
  );
}
