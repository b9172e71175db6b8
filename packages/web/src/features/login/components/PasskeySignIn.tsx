import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { closingAccountPath } from '../../../lib/closureTicket';
import { errorMessage } from '../../../lib/errorMessage';
import { useHydrated } from '../../../lib/useClientValue';
import styles from './PasskeySignIn.module.css';

// Passwordless sign-in: a button, and the browser's conditional UI — the passkeys of
// this site offered in the username field's autofill (its autocomplete says `webauthn`). The
// WebAuthn code (@simplewebauthn/browser, the passkey schemas) loads by dynamic import, on the
// first focus of the username field or a click on the button: the login page's budget does not
// carry it.

const loadCeremony = () => import('../../../lib/passkeyCeremony');

function webAuthnAvailable(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

export function PasskeySignIn({ onLoggedIn }: { onLoggedIn: (next: string) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const available = hydrated && webAuthnAvailable();
  // Pre-rendered with the page (disabled until hydrated, as the submit button), so that it does not
  // push the links down when it appears; hidden only in a browser without WebAuthn.
  const unsupported = hydrated && !available;

  // Conditional UI: waits, without any dialog, until the user picks a passkey in the autofill.
  // It starts when the username field is first focused — when its autofill opens — so that a
  // visit that never touches the form loads none of it (the login's byte budget, bench 6a).
  useEffect(() => {
    if (!available) return;
    let active = true;
    let cancel: (() => void) | undefined;
    const start = async () => {
      const conditional = await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false);
      if (!conditional || !active) return;
      const ceremony = await loadCeremony();
      cancel = ceremony.cancelPasskeyAutofill;
      if (!active) return;
      try {
        const next = await ceremony.signInWithPasskey({ autofill: true });
        if (active) onLoggedIn(next);
      } catch (error) {
        // Aborted (the button started a ceremony, the page was left) or dismissed: nothing to say.
        const closing = closingAccountPath(error);
        if (active && closing) onLoggedIn(closing);
        else if (active && error instanceof ApiError) setProblem(errorMessage(t, error));
      }
    };
    const isUsernameField = (element: EventTarget | null) =>
      element instanceof HTMLInputElement && element.autocomplete.includes('webauthn');
    const onFocus = (event: FocusEvent) => {
      if (!isUsernameField(event.target)) return;
      document.removeEventListener('focusin', onFocus);
      void start();
    };
    // Focused before the page was hydrated: start now.
    if (isUsernameField(document.activeElement)) void start();
    else document.addEventListener('focusin', onFocus);
    return () => {
      active = false;
      document.removeEventListener('focusin', onFocus);
      cancel?.();
    };
  }, [available, onLoggedIn, t]);

  if (unsupported) return null;

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const ceremony = await loadCeremony();
      try {
        onLoggedIn(await ceremony.signInWithPasskey());
      } catch (error) {
        const closing = closingAccountPath(error);
        if (closing) onLoggedIn(closing);
        else if (ceremony.isCancelled(error)) setProblem(t('login.passkeyCancelled'));
        else setProblem(error instanceof ApiError ? errorMessage(t, error) : t('login.passkeyError'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.passkeyBlock}>
      <p className={styles.or}>{t('login.or')}</p>
      {problem && <FormError>{problem}</FormError>}
      <Button
        variant="secondary"
        busy={busy}
        disabled={!available}
        data-hydrating={hydrated ? undefined : true}
        onClick={() => void signIn()}
      >
        {t(busy ? 'login.passkeyBusy' : 'login.passkey')}
      </Button>
    </div>
  );
}
