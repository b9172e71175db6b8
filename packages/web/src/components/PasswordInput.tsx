import { type ComponentPropsWithRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useHydrated } from '../lib/useClientValue';
import { CapsLockNotice } from './CapsLockNotice';
import styles from './card/Field.module.css';
import { EntryIcon } from './EntryIcon';

/**
 * A password input with the eye button inside it that shows the text (the login; Field gives it
 * its id, class and states). On a pre-rendered page the eye is usable once hydrated: a click
 * before would be lost.
 */
export function PasswordInput({ className, id, ...props }: ComponentPropsWithRef<'input'>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <>
      <div className={styles.passwordRow}>
        <input
          id={id}
          className={`${className ?? styles.input} ${styles.passwordInput}`}
          type={shown ? 'text' : 'password'}
          {...props}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={shown}
          aria-controls={id}
          disabled={!hydrated}
          onClick={() => setShown((value) => !value)}
        >
          <EntryIcon name={shown ? 'eyeOff' : 'eye'} size={20} />
          <span className="visually-hidden">{t('login.showPassword')}</span>
        </button>
      </div>
      {id && <CapsLockNotice inputId={id} />}
    </>
  );
}
