import { useState } from 'react';
import { Captcha, captchaEnabled } from '../../../components/Captcha';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useHydrated } from '../../../lib/useClientValue';

/** A recovery form's captcha: its token, whether it is missing, and its reset after each request. */
export function useFormCaptcha() {
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [missing, setMissing] = useState(false);
  return {
    token,
    missing,
    widget: { onToken: setToken, resetSignal },
    /** False, and "solve the captcha" shown, while a configured captcha has no token. */
    ready: () => {
      const ready = !captchaEnabled() || token !== null;
      setMissing(!ready);
      return ready;
    },
    /** A token is good for one request: the widget starts again. */
    renew: () => setResetSignal((n) => n + 1),
  };
}

interface CaptchaSubmitProps {
  captcha: ReturnType<typeof useFormCaptcha>;
  /** The form's alert: what the request answered, when no field shows it. */
  error: Error | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** The end of a recovery form: the captcha, the form's alert, the submit (usable once hydrated). */
export function CaptchaSubmit({ captcha, error, busy, label, busyLabel }: CaptchaSubmitProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <>
      <Captcha {...captcha.widget} />

      {(error || captcha.missing) && (
        <p role="alert" className={styles.formError}>
          {captcha.missing ? t('errors.captcha_required') : errorMessage(t, error)}
        </p>
      )}

      <button
        type="submit"
        className={styles.submit}
        disabled={busy || !hydrated}
        data-hydrating={hydrated ? undefined : true}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
