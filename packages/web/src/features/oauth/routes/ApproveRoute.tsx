import { formatPhone } from '@vestibule/contract/phone';
import { authorizeQuerySchema } from '@vestibule/contract/schemas/oauth';
import type { User } from '@vestibule/contract/schemas/user';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import row from '../../../components/LinkRow.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorKey } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useUser } from '../../../lib/user';
import { useApproval, useAuthorize } from '../api/authorize';
import { ScopeList } from '../components/ScopeList';
import { continueTo } from '../navigate';
import { reauthenticateFor } from '../reauthenticate';
import { useScopeLabel } from '../scopes';
import styles from './OAuthPage.module.css';

/** The account the consent is given from: its primary e-mail, else its primary phone. */
function accountName(user: User | undefined): string | undefined {
  const email = user?.email.find((e) => e.default)?.email;
  const phone = user?.phone.find((p) => p.default)?.phone;
  return email ?? (phone ? formatPhone(phone) : undefined);
}

const isReauthentication = (error: unknown) =>
  error instanceof ApiError && error.code === 'reauthentication_required';

/**
 * The partner's homepage as registered with its client (an operator's allow-list, not a query
 * parameter), when it is a web address: "Back to the homepage" leads there, else the dashboard.
 */
function registeredHomepage(homepage: string | null | undefined): string | undefined {
  if (!homepage || !URL.canParse(homepage)) return undefined;
  return ['https:', 'http:'].includes(new URL(homepage).protocol) ? homepage : undefined;
}

/**
 * /approve (SPEC §2 "Consent"): the authorization server's interaction. The guard has logged the
 * user in; GET /api/authorize says whether to ask, and the answer goes back to the client.
 */
export function ApproveRoute() {
  const { t } = useTranslation();
  const edition = currentEdition();
  const label = useScopeLabel();
  const [search] = useSearchParams();
  const query = useMemo(() => {
    const parsed = authorizeQuerySchema.safeParse(Object.fromEntries(search));
    return parsed.success ? parsed.data : undefined;
  }, [search]);
  const authorize = useAuthorize(query);
  const approval = useApproval();
  const account = accountName(useUser().data);
  const [leaving, setLeaving] = useState<'accept' | 'refuse' | 'auto' | null>(null);

  const target = authorize.data?.target;
  useEffect(() => {
    if (target && continueTo(target)) setLeaving('auto');
  }, [target]);

  // prompt=login or max_age: the password screen again, then back here (decision 0030).
  const navigate = useNavigate();
  const location = useLocation();
  const reauthenticate = isReauthentication(authorize.error) || isReauthentication(approval.error);
  useEffect(() => {
    if (!reauthenticate) return;
    reauthenticateFor(`${location.pathname}${location.search}`);
    navigate(PATHS.loginEmail, { replace: true });
  }, [reauthenticate, location, navigate]);

  const decide = async (decision: 'accept' | 'refuse') => {
    if (!query) return;
    try {
      const answer = await approval.mutateAsync({ uid: query.uid, decision });
      if (continueTo(answer.target)) setLeaving(decision);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const client = authorize.data?.client.name ?? '';
  const homepage = registeredHomepage(authorize.data?.client.homepage);
  const error = !query
    ? 'errors.authorization_expired'
    : authorize.error && !reauthenticate
      ? errorKey(authorize.error)
      : undefined;

  if (error) {
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="approve-title">
          <h1 id="approve-title">{t('oauth.approve.errorTitle')}</h1>
          <p role="alert" className={styles.error}>
            {t(error)}
          </p>
          <Link className={styles.secondary} to={PATHS.dashboard}>
            {t('oauth.approve.home')}
          </Link>
        </section>
      </div>
    );
  }

  if (!authorize.data || leaving || reauthenticate) {
    const text =
      leaving === 'refuse'
        ? t('oauth.approve.refused', { client })
        : leaving
          ? t('oauth.approve.redirecting', { client })
          : t('oauth.approve.loading');
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-busy="true">
          <h1 className="visually-hidden">{t('oauth.approve.loading')}</h1>
          <p className={styles.waiting} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {text}
          </p>
        </section>
      </div>
    );
  }

  const busy = approval.isPending;
  const { scopes, granted } = authorize.data;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="approve-title">
        <div className={styles.header}>
          <span className={`${row.iconLarge} ${styles.initial}`} aria-hidden="true">
            {client.slice(0, 1).toUpperCase()}
          </span>
          <h1 id="approve-title">{t('oauth.approve.title', { client, brand: edition.brandName })}</h1>
        </div>
        {account && (
          <p className={styles.note} data-signed-in-as="">
            {t('oauth.approve.signedInAs', { account })}
          </p>
        )}
        <p id="approve-intro" className={styles.intro}>
          {t('oauth.approve.intro', { client })}
        </p>
        <ScopeList scopes={scopes} labelledBy="approve-intro" />
        {granted.length > 0 && (
          <p className={styles.note}>
            {t('oauth.approve.alreadyGranted', { scopes: granted.map(label).join(', ') })}
          </p>
        )}
        {scopes.includes('offline_access') && (
          <p className={styles.note} data-offline-access="">
            {t('oauth.approve.offline', { client })}
          </p>
        )}
        <p className={styles.warning}>{t('oauth.approve.warning', { client })}</p>
        {approval.error && (
          <p role="alert" className={styles.error}>
            {errorMessage(t, approval.error)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => decide('accept')}>
            {t(
              busy && approval.variables?.decision === 'accept'
                ? 'oauth.approve.accepting'
                : 'oauth.approve.accept',
            )}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={busy}
            onClick={() => decide('refuse')}
          >
            {t(
              busy && approval.variables?.decision === 'refuse'
                ? 'oauth.approve.refusing'
                : 'oauth.approve.refuse',
            )}
          </button>
        </div>
        {homepage ? (
          <a className={styles.homeLink} href={homepage}>
            {t('oauth.approve.home')}
          </a>
        ) : (
          <Link className={styles.homeLink} to={PATHS.dashboard}>
            {t('oauth.approve.home')}
          </Link>
        )}
      </section>
    </div>
  );
}
