import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { destinationAfterLogin } from '../../../lib/afterLogin';
import { ApiError } from '../../../lib/api';
import { dropToken } from '../../../lib/dropToken';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { forgetSession } from '../../../lib/session';
import { markStepDone } from '../../../lib/stepDone';
import { stepUpPath } from '../../../lib/stepUp';
import { fetchUser } from '../../../lib/user';
import { redirectPath } from '../afterSuccess';
import { useRecoveryStatus, useRegenerateRecoveryKeys } from '../api/recoveryKeys';

/** Without the authenticator's id there is nothing to offer: the session ends (SPEC §4). */
function LogOut() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    void dropToken().finally(() => {
      forgetSession();
      setDone(true);
    });
  }, []);
  return done ? <Navigate to={PATHS.loginEmail} replace /> : null;
}

/** /mfa/totp-recovery: after a recovery-key login, the unused count and what to do next. */
export function TotpRecoveryRoute() {
  const [params] = useSearchParams();
  const mfaId = Number(params.get('mfaId'));
  if (!Number.isInteger(mfaId) || mfaId <= 0) return <LogOut />;
  return <RecoveryScreen mfaId={mfaId} />;
}

function RecoveryScreen({ mfaId }: { mfaId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useRecoveryStatus();
  const regenerate = useRegenerateRecoveryKeys();
  const autoRan = useRef(false);
  const remainingParam = params.get('remaining');
  const unused = status.data?.unused ?? (remainingParam === null ? undefined : Number(remainingParam));

  const onRegenerate = async () => {
    try {
      const { recovery_keys } = await regenerate.mutateAsync();
      markStepDone('setup-totp');
      navigate(`${PATHS.setupTotpSuccess}?isRegenerated=true`, {
        replace: true,
        state: { keys: recovery_keys },
      });
    } catch (error) {
      // The recovery-key login's grant (decision 0038) lasts 10 minutes: later, step up first.
      if (error instanceof ApiError && error.code === 'sudo_required') {
        const back = new URLSearchParams(params);
        back.set('action', 'regenerate');
        navigate(stepUpPath(`${PATHS.mfaTotpRecovery}?${back}`));
      }
    }
  };

  // Back from the step-up with action=regenerate: finish what the user asked for.
  useEffect(() => {
    if (params.get('action') !== 'regenerate' || autoRan.current) return;
    autoRan.current = true;
    void onRegenerate();
  });

  const reset = () => {
    const query = new URLSearchParams({ reset: 'true', mfaId: String(mfaId) });
    navigate(`${PATHS.setupMfaTotp}?${query}`);
  };

  const skip = async () => {
    const redirect = params.get('redirect');
    const to = redirect
      ? redirectPath(redirect, { action: null, targetMfaId: null }, window.location.origin)
      : undefined;
    navigate(to ?? (await destinationAfterLogin(await fetchUser())), { replace: true });
  };

  const none = unused === 0;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.totpRecovery.title')}</h1>
        {unused !== undefined && (
          <p className={none ? styles.warning : styles.note} data-testid="recovery-unused">
            {none ? t('mfa.totpRecovery.none') : t('mfa.totpRecovery.unused', { count: unused })}
          </p>
        )}
        <p className={styles.intro}>
          {t(none ? 'mfa.totpRecovery.introNone' : 'mfa.totpRecovery.introSome')}
        </p>

        {regenerate.error &&
          !(regenerate.error instanceof ApiError && regenerate.error.code === 'sudo_required') && (
            <p role="alert" className={styles.formError}>
              {errorMessage(t, regenerate.error)}
            </p>
          )}

        <div className={styles.actions}>
          {none ? (
            <>
              <button
                type="button"
                className={styles.submit}
                onClick={() => void onRegenerate()}
                disabled={regenerate.isPending}
              >
                {regenerate.isPending && <span className={styles.spinner} aria-hidden="true" />}
                {t(regenerate.isPending ? 'mfa.totpRecovery.regenerating' : 'mfa.totpRecovery.regenerate')}
              </button>
              <button type="button" className={styles.secondary} onClick={reset}>
                {t('mfa.totpRecovery.reset')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={styles.submit} onClick={reset}>
                {t('mfa.totpRecovery.reset')}
              </button>
              <button type="button" className={styles.secondary} onClick={() => void skip()}>
                {t('mfa.totpRecovery.skip')}
              </button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
