import { zodResolver } from '@hookform/resolvers/zod';
import { MANDATORY_NOTICES, preferencesSchema } from '@vestibule/contract/schemas/preferences';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { changedElsewhere, usePreferences, useSavePreferences } from '../api/preferences';
import { Breadcrumbs } from '../components/Breadcrumbs';
import styles from '../components/Security.module.css';

const OPTIONAL = [
  ['new_device_alert', 'newDevice'],
  ['marketing_email', 'marketingEmail'],
  ['marketing_sms', 'marketingSms'],
] as const;

/**
 * /security/preferences (decision 0079): the optional messages — the new-device alert and marketing
 * by e-mail or SMS, the latter recorded in the consent ledger — and the security notices that always
 * go out, each named, with why they cannot be turned off.
 */
export function PreferencesRoute() {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const preferences = usePreferences();
  const save = useSavePreferences();
  // The form shows the choices last read: a 412's current choices replace what was ticked.
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(preferencesSchema),
    values: preferences.data,
  });

  const submit = handleSubmit((draft) => {
    save.mutate(draft, {
      onSuccess: () => toast.show('success', t('security.preferences.saved')),
    });
  });
  const stale = changedElsewhere(save.error);

  return (
    <div className={styles.page}>
      <Breadcrumbs current={t('security.preferences.crumb')} />
      <header className={styles.header}>
        <h1>{t('security.preferences.title')}</h1>
        <p className={styles.intro}>{t('security.preferences.intro')}</p>
      </header>
      <section className={`${styles.card} ${styles.formCard}`} aria-labelledby={`${id}-optional`}>
        <h2 id={`${id}-optional`}>{t('security.preferences.optionalTitle')}</h2>
        {preferences.isError && (
          <ErrorAlert
            retry={{ label: t('security.notifications.retry'), onRetry: () => void preferences.refetch() }}
          >
            {t('security.preferences.loadError')}
          </ErrorAlert>
        )}
        {preferences.isPending && <p className={styles.muted}>{t('common.loading')}</p>}
        {preferences.data && (
          <form className={styles.form} onSubmit={submit} noValidate>
            {stale && (
              <p role="alert" className={styles.formError}>
                {t('security.preferences.changedElsewhere')}
              </p>
            )}
            {save.error && !stale && (
              <p role="alert" className={styles.formError}>
                {errorMessage(t, save.error)}
              </p>
            )}
            {OPTIONAL.map(([field, key]) => (
              <div key={field} className={styles.checkboxField}>
                <input
                  id={`${id}-${field}`}
                  type="checkbox"
                  aria-describedby={`${id}-${field}-hint`}
                  {...register(field)}
                />
                <label htmlFor={`${id}-${field}`}>
                  {t(`security.preferences.${key}`)}
                  <span id={`${id}-${field}-hint`} className={styles.hint}>
                    {t(`security.preferences.${key}Hint`)}
                  </span>
                </label>
              </div>
            ))}
            <div className={styles.formActions}>
              <Button type="submit" busy={save.isPending}>
                {save.isPending ? t('security.preferences.saving') : t('security.preferences.save')}
              </Button>
            </div>
          </form>
        )}
      </section>
      <section className={`${styles.card} ${styles.formCard}`} aria-labelledby={`${id}-mandatory`}>
        <h2 id={`${id}-mandatory`}>{t('security.preferences.mandatoryTitle')}</h2>
        <p className={styles.muted}>{t('security.preferences.mandatoryIntro')}</p>
        <ul className={styles.list}>
          {MANDATORY_NOTICES.map((notice) => (
            <li key={notice}>{t(`security.preferences.notices.${notice}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
