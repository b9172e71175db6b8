import { useQuery } from '@tanstack/react-query';
import { TOTP_CODE_LENGTH } from '@vestibule/contract/constants';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { Icon } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { markStepDone } from '../../../lib/stepDone';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useCodeForm } from '../../../lib/useCodeForm';
import { startActivation, useConfirmActivation } from '../api/activateMethod';
import { MfaCodeField, type MfaCodeMessage, mfaCodeSchema } from '../components/CodeField';
import { SetupLeaveLink } from '../components/SetupLeaveLink';
import { SetupSubmit } from '../components/SetupSubmit';

/** The key in groups of four, easier to type into an app. */
export function groupSecret(secret: string): string[] {
  return secret.match(/.{1,4}/g) ?? [];
}

/** /setup-mfa/totp (reset=true&mfaId to replace it): QR code or key, then a 6-digit code. */
export function SetupTotpRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetId = params.get('reset') === 'true' ? Number(params.get('mfaId')) : undefined;
  // Not under the ['mfa'] key: invalidating the methods must not start another setup.
  const setup = useQuery({
    queryKey: ['totp-setup', resetId ?? null],
    queryFn: () => (resetId ? startActivation(resetId, { edit: true }) : startActivation(-3)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
  });
  const confirm = useConfirmActivation();
  const {
    code,
    handleSubmit,
    setError,
    formState: { errors },
  } = useCodeForm(mfaCodeSchema('totp', TOTP_CODE_LENGTH));
  const [copied, setCopied] = useState(false);

  if (setup.error instanceof ApiError && setup.error.code === 'sudo_required')
    return <Navigate to={stepUpAgainPath()} replace />;

  const data = setup.data?.data.method === 'totp' ? setup.data.data : undefined;

  const onSubmit = handleSubmit(async ({ code: typed }) => {
    if (!setup.data) return;
    try {
      const result = await confirm.mutateAsync({ payload: setup.data.payload, code: typed });
      markStepDone('setup-totp');
      const next = new URLSearchParams();
      const redirect = params.get('redirect');
      if (redirect) next.set('redirect', redirect);
      navigate(`${PATHS.setupTotpSuccess}${next.size ? `?${next}` : ''}`, {
        replace: true,
        state: { keys: result.fuzzion ? [] : (result.recovery_keys ?? []) },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_code')
        setError('code', { message: 'errors.invalid_code' });
    }
  });

  const confirmError =
    confirm.error instanceof ApiError && confirm.error.code === 'invalid_code' ? null : confirm.error;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t(resetId ? 'mfa.setup.totp.titleReset' : 'mfa.setup.totp.title')}</h1>
        {setup.isPending && <p role="status">{t('common.loading')}</p>}
        {setup.isError && (
          <div role="alert" className={styles.formError}>
            <p>{t('mfa.setup.totp.loadError')}</p>
            <p>{errorMessage(t, setup.error)}</p>
          </div>
        )}
        {setup.isSuccess && !setup.data && (
          <>
            <p className={styles.note}>{t('mfa.setup.totp.exists')}</p>
            <Link to={PATHS.securityMfaEdit} className={styles.secondary}>
              {t('mfa.settings.title')}
            </Link>
          </>
        )}
        {data && (
          <>
            {resetId && <p className={styles.warning}>{t('mfa.setup.totp.resetWarning')}</p>}
            <p className={styles.intro}>{t('mfa.setup.totp.scan')}</p>
            <img
              className={styles.qr}
              src={data.qr}
              alt={t('mfa.setup.totp.qrAlt')}
              width={200}
              height={200}
            />
            <div className={styles.field}>
              <p className={styles.label}>{t('mfa.setup.totp.manual')}</p>
              <p className={styles.secret} data-testid="totp-secret" data-secret={data.secret}>
                {groupSecret(data.secret).map((group, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: groups of a fixed key, same order every render
                  <span key={index}>{group}</span>
                ))}
              </p>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(data.secret)
                    .then(() => setCopied(true))
                    .catch(() => undefined)
                }
              >
                <Icon name="copy" size={18} /> {t('mfa.setup.totp.copyKey')}
              </button>
              <p role="status" className={styles.status}>
                {copied ? t('mfa.setup.totp.copied') : ''}
              </p>
              {/* On a phone the QR code cannot be scanned by the phone showing it: the app opens the URI. */}
              <a className={styles.linkButton} href={data.uri} data-testid="totp-open-app">
                {t('mfa.setup.totp.openApp')}
              </a>
            </div>
            <form
              className={styles.form}
              onSubmit={(event) => void onSubmit(event)}
              noValidate
              aria-busy={confirm.isPending}
            >
              <p>{t('mfa.setup.totp.codeIntro')}</p>
              <MfaCodeField
                id={`${id}-code`}
                method="totp"
                length={TOTP_CODE_LENGTH}
                error={errors.code?.message as MfaCodeMessage | undefined}
                {...code}
              />
              <SetupSubmit error={confirmError} busy={confirm.isPending}>
                {t(confirm.isPending ? 'mfa.code.submitting' : 'mfa.code.submit')}
              </SetupSubmit>
            </form>
          </>
        )}
        <SetupLeaveLink />
      </section>
    </div>
  );
}
