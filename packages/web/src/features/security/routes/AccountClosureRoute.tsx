import type { AccountClosing } from '@vestibule/contract/schemas/closure';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import { Button } from '../../../components/Button';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { forgetClosingAccount, readClosingAccount } from '../../../lib/closureTicket';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useKeepAccount } from '../api/closure';
import { formatDate } from '../format';

/** How the page was reached: the e-mail's link, a sign-in, the closure just made, or nothing. */
type Arrival =
  | { kind: 'link'; token: string }
  | { kind: 'signIn'; closure: AccountClosing }
  | { kind: 'closed'; closesAt: string }
  | { kind: 'none' };

function arrivalOf(hash: string, state: unknown): Arrival {
  // Not `#token=`: that fragment is a login hand-over at boot (lib/hashLogin.ts).
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('closure');
  if (token) return { kind: 'link', token };
  const closure = readClosingAccount();
  if (closure) return { kind: 'signIn', closure };
  const closedUntil = (state as { closedUntil?: unknown } | null)?.closedUntil;
  if (typeof closedUntil === 'string') return { kind: 'closed', closesAt: closedUntil };
  return { kind: 'none' };
}

/**
 * /account-closure (decision 0079): a closing account's page. From the e-mail's link (token in the
 * fragment, which leaves the address bar at once) or a sign-in during the grace period, one button
 * keeps the account; a scanner that only opens the link changes nothing. Right after closing, it
 * says when the data goes and how to change one's mind.
 */
export function AccountClosureRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState(() => arrivalOf(location.hash, location.state));
  const keep = useKeepAccount();
  const { reset } = keep;

  // A link opened on this page (another e-mail's) is a new question; either way it leaves the bar.
  useEffect(() => {
    if (!location.hash) return;
    const next = arrivalOf(location.hash, null);
    if (next.kind === 'link') {
      setArrival(next);
      reset();
    }
    void navigate({ pathname: location.pathname, hash: '' }, { replace: true });
  }, [location.pathname, location.hash, navigate, reset]);

  const date = (iso: string) => formatDate(iso, i18n.language);
  const onKeep = () => {
    if (arrival.kind === 'link') keep.mutate({ token: arrival.token });
    if (arrival.kind === 'signIn')
      keep.mutate({ ticket: arrival.closure.ticket }, { onSuccess: forgetClosingAccount });
  };
  const title = `${id}-title`;

  let body: ReactNode;
  if (keep.isSuccess) {
    body = (
      <>
        <h1 id={title}>{t('security.closure.keptTitle')}</h1>
        <p role="status" className={styles.intro}>
          {t('security.closure.kept')}
        </p>
        <LogInAgain primary />
      </>
    );
  } else if (keep.isError) {
    body = (
      <>
        <h1 id={title}>{t('security.closure.problemTitle')}</h1>
        <p role="alert" className={styles.formError}>
          {errorMessage(t, keep.error)}
        </p>
        <LogInAgain />
      </>
    );
  } else if (arrival.kind === 'closed') {
    body = (
      <>
        <h1 id={title}>{t('security.closure.closingTitle')}</h1>
        <p role="status" className={styles.intro}>
          {t('security.closure.closingIntro', { date: date(arrival.closesAt) })}
        </p>
        <p className={styles.intro}>{t('security.closure.closingEmail', { date: date(arrival.closesAt) })}</p>
      </>
    );
  } else if (arrival.kind === 'none') {
    body = (
      <>
        <h1 id={title}>{t('security.closure.problemTitle')}</h1>
        <p className={styles.intro}>{t('security.closure.noLink')}</p>
        <LogInAgain />
      </>
    );
  } else {
    body = (
      <>
        <h1 id={title}>
          {arrival.kind === 'signIn' ? t('security.closure.signInTitle') : t('security.closure.linkTitle')}
        </h1>
        <p className={styles.intro}>
          {arrival.kind === 'signIn'
            ? t('security.closure.signInIntro', { date: date(arrival.closure.closes_at) })
            : t('security.closure.linkIntro')}
        </p>
        {arrival.kind === 'signIn' && <p className={styles.intro}>{t('security.closure.signInQuestion')}</p>}
        <div className={styles.actions}>
          <Button busy={keep.isPending} onClick={onKeep}>
            {t('security.closure.keep')}
          </Button>
          {arrival.kind === 'signIn' && (
            <Link to={PATHS.loginEmail} replace className={styles.secondary} onClick={forgetClosingAccount}>
              {t('security.closure.leave')}
            </Link>
          )}
        </div>
      </>
    );
  }

  return <BadgeCard aria-labelledby={title}>{body}</BadgeCard>;
}

/** The way on to the login, as the main action once the account is kept, else a secondary one. */
function LogInAgain({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <Link to={PATHS.loginEmail} className={primary ? styles.submit : styles.secondary}>
        {t('security.closure.login')}
      </Link>
    </div>
  );
}
