import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { SENSITIVE_ROUTES } from '../../../lib/stepUp';
import { sessionValue } from '../../../lib/storage';
import { useUser } from '../../../lib/user';
import { redirectPath } from '../afterSuccess';
import { useMethods } from '../api/listMethods';
import { useProvePasskey } from '../api/provePasskey';
import { useStartChallenge } from '../api/startChallenge';
import { challengeStateFrom, writeChallenge } from '../challengeState';
import { MethodButton } from '../components/MethodButton';
import { parseMethodsParam, stepUpChoices } from '../methodList';

/** Where "Cancel" of a step-up leads, from the page it was for. */
export function cancelTarget(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return PATHS.dashboard;
  const path = redirect.split('?')[0] ?? '';
  const guarded = (Object.values(SENSITIVE_ROUTES) as string[]).includes(path);
  if (!guarded) return redirect;
  return path.startsWith('/profile/') ? PATHS.profile : PATHS.security;
}

/**
 * /mfa/methods (route name mfa-methods; query redirect, isFuzzion, methods, isLogin, single):
 * choosing a method starts its challenge (the SMS or e-mail goes out), then /mfa takes the code.
 */
export function MfaMethodsRoute() {
  const [params] = useSearchParams();
  const isLogin = params.get('isLogin') === 'true';
  const loginPayload = sessionValue('loginPayload');
  if (isLogin && !loginPayload) return <Navigate to={PATHS.loginEmail} replace />;
  return isLogin ? (
    <MethodsScreen
      methods={parseMethodsParam(params.get('methods')) ?? []}
      loginPayload={loginPayload ?? undefined}
    />
  ) : (
    <StepUpMethods />
  );
}

function StepUpMethods() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const methods = useMethods();
  const user = useUser();
  if (methods.isPending || user.isPending)
    return (
      <div className={styles.page}>
        <p role="status" className={styles.card}>
          {t('common.loading')}
        </p>
      </div>
    );
  if (methods.isError)
    return (
      <div className={styles.page}>
        <div role="alert" className={`${styles.card} ${styles.formError}`}>
          <p>{t('mfa.methods.loadError')}</p>
          <button type="button" className={styles.linkButton} onClick={() => void methods.refetch()}>
            {t('mfa.methods.retry')}
          </button>
        </div>
      </div>
    );
  // Staff step up with an authenticator app or a passkey only (decision 0076).
  const choices = stepUpChoices(methods.data, user.data).filter(
    (method) =>
      params.get('factors') !== 'app-or-key' || method.method === 'totp' || method.method === 'passkey',
  );
  return <MethodsScreen methods={choices} loginPayload={undefined} />;
}

function MethodsScreen({
  methods,
  loginPayload,
}: {
  methods: MfaMethod[];
  loginPayload: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const start = useStartChallenge();
  const passkey = useProvePasskey();
  const [chosen, setChosen] = useState<MfaMethod | null>(null);
  const isLogin = loginPayload !== undefined;

  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);

  /** A passkey proves the factor in place: no code screen. */
  const provePasskey = async (method: MfaMethod) => {
    setChosen(method);
    setPasskeyProblem(null);
    const login = loginPayload !== undefined;
    try {
      const proof = await passkey.mutateAsync({ loginPayload, single: params.get('single') === 'true' });
      if (proof === 'cancelled') setPasskeyProblem(t(login ? 'login.passkeyCancelled' : 'passkeys.notUsed'));
      else if (proof.next !== null) navigate(proof.next, { replace: true });
      else leaveStepUp();
    } catch (error) {
      if (error instanceof ApiError) setPasskeyProblem(errorMessage(t, error));
      else setPasskeyProblem(t(login ? 'login.passkeyError' : 'passkeys.failed'));
    } finally {
      setChosen(null);
    }
  };

  /** After a step-up, back to the page that asked for it. */
  const leaveStepUp = () => {
    const redirect = params.get('redirect');
    const to = redirect
      ? redirectPath(
          redirect,
          { action: params.get('action'), targetMfaId: params.get('targetMfaId') },
          window.location.origin,
        )
      : undefined;
    if (to) navigate(to, { replace: true });
    else navigate(-1);
  };

  const choose = async (method: MfaMethod) => {
    if (method.method === 'passkey') return provePasskey(method);
    setChosen(method);
    try {
      const answer = await start.mutateAsync({
        mfaId: method.id,
        payload: loginPayload,
        single: isLogin ? undefined : params.get('single') === 'true' ? '1' : '0',
        method: method.method === 'totpRecovery' ? 'totpRecovery' : undefined,
      });
      writeChallenge(challengeStateFrom(method.id, answer));
      const next = new URLSearchParams(params);
      next.set('mfaId', String(method.id));
      next.set('method', answer.method);
      navigate(`${PATHS.mfa}?${next}`);
    } catch {
      setChosen(null);
    }
  };

  // Cancel leaves the step-up without looping: going back to a step-up-guarded page would ask
  // for the step-up again, so such a page gives way to its section (/security, /profile); a
  // page without the guard (a setup form) is where the user goes back to.
  const cancel = () => navigate(cancelTarget(params.get('redirect')), { replace: true });

  const loginDead = isLogin && start.error instanceof ApiError && start.error.code === 'challenge_expired';

  // The login's width, as every card of the login flow: a name too long for its Primary tag
  // takes its last word to the next line with the tag (MethodName).
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.methods.title')}</h1>
        <p className={styles.intro}>{t(isLogin ? 'mfa.methods.introLogin' : 'mfa.methods.introStepUp')}</p>

        {methods.length === 0 ? (
          <p className={styles.formError}>{t('mfa.methods.none')}</p>
        ) : (
          <ul className={styles.methods} aria-label={t('mfa.methods.listLabel')}>
            {methods.map((method) => (
              <li key={`${method.method}-${method.id}`}>
                <MethodButton
                  method={method}
                  busy={chosen === method}
                  disabled={start.isPending || chosen !== null}
                  onChoose={() => void choose(method)}
                />
              </li>
            ))}
          </ul>
        )}

        {passkeyProblem && (
          <p role="alert" className={styles.formError}>
            {passkeyProblem}
          </p>
        )}
        {start.error && (
          <div role="alert" className={styles.formError}>
            <p>{errorMessage(t, start.error)}</p>
            {loginDead && <Link to={PATHS.loginEmail}>{t('mfa.methods.backToLogin')}</Link>}
          </div>
        )}

        <ul className={styles.links}>
          <li>
            {isLogin ? (
              <Link to={PATHS.loginEmail}>{t('mfa.methods.backToLogin')}</Link>
            ) : (
              <button type="button" className={styles.linkButton} onClick={cancel}>
                {t('mfa.methods.cancel')}
              </button>
            )}
          </li>
        </ul>
      </section>
    </div>
  );
}
