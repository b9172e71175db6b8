import type { HandoverPreview } from '@vestibule/contract/schemas/token';
import { useEffect, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import { Button } from '../../../components/Button';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { dropToken } from '../../../lib/dropToken';
import { PATHS } from '../../../lib/paths';
import { forgetSession } from '../../../lib/session';
import { handoverStore, type PendingHandover, setSessionValue, tokenStore } from '../../../lib/storage';
import { fetchUser } from '../../../lib/userQuery';
import { previewHandover, useRedeemHandover } from '../api/handover';

type Step =
  | { kind: 'checking' }
  | { kind: 'ask'; account: HandoverPreview; signedInAs: string | null | undefined }
  | { kind: 'expired' };

/** The first name of the account this tab is signed in to, if it is signed in. */
async function signedInFirstname(): Promise<string | null | undefined> {
  if (tokenStore.get() === null) return undefined;
  try {
    return (await fetchUser(undefined, true)).firstname;
  } catch {
    return undefined;
  }
}

/** Takes the hash's other values (SPEC §4 rule 1) once the login is settled. */
function keepHashValues(pending: PendingHandover): void {
  if (pending.payload) setSessionValue('loginPayload', pending.payload);
  if (pending.isOriginApp) setSessionValue('openApp', 'true');
}

/** Replaces this tab's session (ended on the server: the user chose to leave it) by the handed-over one. */
async function switchTo(token: string): Promise<void> {
  if (tokenStore.get() !== null) await dropToken({ quiet: true });
  forgetSession();
  tokenStore.set(token);
}

/**
 * /continue: a link handed a login over in its hash (SPEC §4 rule 1). A link must not sign anyone
 * in silently (login CSRF), so unless this tab is already that account, the user is asked
 * "Continue as Finn?" before the code is spent (decision 0068).
 */
export function ContinueRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [pending] = useState(handoverStore.get);
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const redeem = useRedeemHandover(switchTo);
  // Busy until the page it goes to has loaded: the code is spent once.
  const busy = redeem.isPending || redeem.isSuccess;

  useEffect(() => {
    if (!pending) return;
    let live = true;
    const settle = async () => {
      try {
        const account = await previewHandover(pending.code);
        if (!live) return;
        if (account.current) {
          // Already this account: nothing to switch, the link just goes where it pointed.
          handoverStore.clear();
          keepHashValues(pending);
          void navigate(pending.target, { replace: true });
          return;
        }
        const signedInAs = await signedInFirstname();
        if (live) setStep({ kind: 'ask', account, signedInAs });
      } catch {
        if (live) setStep({ kind: 'expired' });
      }
    };
    void settle();
    return () => {
      live = false;
    };
  }, [pending, navigate]);

  if (!pending) return <Navigate to={PATHS.home} replace />;

  const leave = () => {
    handoverStore.clear();
    void navigate(pending.target, { replace: true });
  };

  const accept = async () => {
    try {
      await redeem.mutateAsync(pending.code);
      handoverStore.clear();
      keepHashValues(pending);
      void navigate(pending.target, { replace: true });
    } catch {
      setStep({ kind: 'expired' });
    }
  };

  const firstname = step.kind === 'ask' ? step.account.firstname : null;
  const named = (key: 'title' | 'intro' | 'continue') =>
    firstname ? t(`handover.${key}`, { firstname }) : t(`handover.${key}Anonymous`);

  return (
    <BadgeCard aria-labelledby={`${id}-title`} aria-busy={step.kind === 'checking'}>
      {step.kind === 'checking' && (
        <h1 id={`${id}-title`} role="status">
          {t('handover.checking')}
        </h1>
      )}
      {step.kind === 'expired' && (
        <>
          <h1 id={`${id}-title`}>{t('titles.handover')}</h1>
          <p role="alert" className={styles.formError}>
            {t('handover.expired')}
          </p>
          <div className={styles.actions}>
            <Button onClick={leave}>{t('handover.back')}</Button>
          </div>
        </>
      )}
      {step.kind === 'ask' && (
        <>
          <h1 id={`${id}-title`}>{named('title')}</h1>
          <p className={styles.intro}>{named('intro')}</p>
          {step.signedInAs && (
            <p className={styles.notice}>{t('handover.signedIn', { firstname: step.signedInAs })}</p>
          )}
          <div className={styles.actions}>
            <Button busy={busy} onClick={() => void accept()}>
              {named('continue')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={leave}>
              {t('handover.cancel')}
            </Button>
          </div>
        </>
      )}
    </BadgeCard>
  );
}
