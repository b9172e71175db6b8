import { useQueryClient } from '@tanstack/react-query';
import { MFA_POLICIES, type MfaPolicy } from '@vestibule/contract/schemas/company-admin';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { saveMfaPolicy, useMfaPolicy } from '../api/policy';
import { useCompanyId } from '../companyId';
import styles from '../components/CompanyAdmin.module.css';

/** /admin/company/:companyId/policy: the company's MFA policy (step-up to save). */
export function PolicyRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useMfaPolicy(companyId);
  const [choice, setChoice] = useState<MfaPolicy | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const selected = choice ?? current.data?.policy ?? 'none';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      const saved = await saveMfaPolicy(companyId, selected);
      queryClient.setQueryData(['company-admin', companyId, 'policy'], saved);
      toast.show('success', t('companyAdmin.policy.saved'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setFormError(errorMessage(t, cause, t('companyAdmin.policy.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('companyAdmin.policy.title')} intro={t('companyAdmin.policy.intro')} width="narrow">
      <Card aria-label={t('companyAdmin.policy.title')}>
        {current.isPending ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : (
          <form className={styles.stack} onSubmit={submit}>
            {(formError || current.isError) && (
              <FormError>
                {formError ?? errorMessage(t, current.error, t('companyAdmin.policy.failed'))}
              </FormError>
            )}
            <fieldset className={styles.choices}>
              <legend>{t('companyAdmin.policy.legend')}</legend>
              {MFA_POLICIES.map((policy) => (
                <label key={policy} className={styles.choice} htmlFor={`${id}-${policy}`}>
                  <input
                    id={`${id}-${policy}`}
                    type="radio"
                    name={`${id}-policy`}
                    value={policy}
                    checked={selected === policy}
                    aria-describedby={`${id}-${policy}-hint`}
                    onChange={() => setChoice(policy)}
                  />
                  <span>{t(`companyAdmin.policy.${policy}`)}</span>
                  <span id={`${id}-${policy}-hint`} className={styles.choiceHint}>
                    {t(`companyAdmin.policy.${policy}Hint`)}
                  </span>
                </label>
              ))}
            </fieldset>
            {current.data && (
              <p className={styles.muted}>
                {t('companyAdmin.policy.members', { count: current.data.members })}
              </p>
            )}
            <div>
              <Button type="submit" busy={busy}>
                {t('companyAdmin.policy.save')}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </Page>
  );
}
