import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { forgetSession } from '../../../lib/session';
import { announceSessionEnd } from '../../../lib/signOut';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useCloseAccount, useClosureTerms } from '../api/closure';
import { Breadcrumbs } from '../components/Breadcrumbs';
import styles from '../components/Security.module.css';

/**
 * /security/close-account (step-up first, decision 0079): what closes and what does not, the grace
 * period, a box to tick and a question; then every session ends and the closure page says when.
 */
export function CloseAccountRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const brand = currentEdition().brandName;
  const terms = useClosureTerms();
  const close = useCloseAccount();
  const [understood, setUnderstood] = useState(false);
  const [missing, setMissing] = useState(false);
  const [asking, setAsking] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const days = terms.data?.grace_days ?? 14;

  const ask = () => {
    if (!understood) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    setAsking(true);
  };

  const confirm = () =>
    close.mutate(undefined, {
      onSuccess: async ({ closes_at }) => {
        // Every session of the account ended with the closure: this tab forgets it once it has left
        // the signed-in pages (their queries would ask again, and a 401 leads to the login page),
        // and the other tabs at once.
        await navigate(PATHS.accountClosure, { replace: true, state: { closedUntil: closes_at } });
        forgetSession();
        announceSessionEnd({ reason: 'loggedOutEverywhere', verify: false });
      },
      onError: (error) => {
        setAsking(false);
        if (error instanceof ApiError && error.code === 'sudo_required') navigate(stepUpAgainPath());
      },
    });

  const failed = close.error && !(close.error instanceof ApiError && close.error.code === 'sudo_required');
  return (
    <div className={styles.page}>
      <Breadcrumbs current={t('security.closeAccount.crumb')} />
      <section className={`${styles.card} ${styles.formCard}`} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('security.closeAccount.title')}</h1>
        <p className={styles.intro}>{t('security.closeAccount.intro', { brand })}</p>
        <h2>{t('security.closeAccount.closesTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('security.closeAccount.closes1', { brand })}</li>
          <li>{t('security.closeAccount.closes2')}</li>
          <li>{t('security.closeAccount.closes3')}</li>
        </ul>
        <h2>{t('security.closeAccount.keepsTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('security.closeAccount.keeps1')}</li>
        </ul>
        <h2>{t('security.closeAccount.graceTitle')}</h2>
        <p className={styles.muted}>{t('security.closeAccount.grace', { days })}</p>
        {failed && <ErrorAlert>{errorMessage(t, close.error)}</ErrorAlert>}
        <div className={styles.checkboxField}>
          <input
            ref={box}
            id={`${id}-understood`}
            type="checkbox"
            checked={understood}
            aria-invalid={missing && !understood}
            aria-describedby={missing && !understood ? `${id}-missing` : undefined}
            onChange={(event) => {
              setUnderstood(event.target.checked);
              if (event.target.checked) setMissing(false);
            }}
          />
          <label htmlFor={`${id}-understood`}>{t('security.closeAccount.confirm', { days })}</label>
        </div>
        {missing && !understood && (
          <p id={`${id}-missing`} className={styles.fieldError}>
            {t('security.closeAccount.confirmRequired')}
          </p>
        )}
        <div className={styles.formActions}>
          <Button variant="danger" onClick={ask}>
            {t('security.closeAccount.submit')}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={asking}
        title={t('security.closeAccount.dialogTitle')}
        confirmLabel={t('security.closeAccount.dialogConfirm')}
        cancelLabel={t('security.closeAccount.dialogCancel')}
        busy={close.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('security.closeAccount.dialogBody', { days })}</p>
      </ConfirmDialog>
    </div>
  );
}
