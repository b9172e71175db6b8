import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import styles from './card/Field.module.css';

/**
 * "Caps Lock is on" under a password field while it has the focus and the key is locked: typed
 * blind, a password refused for its case costs an attempt of the login's budget. The key's state
 * is read from the keyboard events the field receives (the browser tells no other way).
 */
export function CapsLockNotice({ inputId }: { inputId: string }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.id === inputId)
        setOn(event.getModifierState('CapsLock'));
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.id === inputId) setOn(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKey, true);
    document.addEventListener('focusout', onFocusOut, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKey, true);
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, [inputId]);
  // The live region is on the page before the notice, so that screen readers announce it.
  return (
    <p id={`${inputId}-caps`} className={styles.capsLock} role="status" data-testid="caps-lock">
      {on ? t('common.capsLock') : ''}
    </p>
  );
}
