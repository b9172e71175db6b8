import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaPolicy } from '@vestibule/contract/schemas/company-admin';
import { MFA_POLICIES, mfaPolicyRequestSchema } from '@vestibule/contract/schemas/company-admin';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
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

type PolicyForm = z.infer<typeof mfaPolicyRequestSchema>;

/** /admin/company/:companyId/policy: the company's MFA policy (step-up to save). */
export function PolicyRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useMfaPolicy(companyId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useForm<PolicyForm>({
    resolver: zodResolver(mfaPolicyRequestSchema),
    defaultValues: { policy: 'none' },
    values: current.data ? { policy: current.data.policy } : undefined,
  });
  const formError = errors.root?.server?.message;

  const save = useMutation({ mutationFn: (policy: MfaPolicy) => saveMfaPolicy(companyId, policy) });

  const submit = handleSubmit(async ({ policy }) => {
    try {
      const saved = await save.mutateAsync(policy);
      queryClient.setQueryData(['company-admin', companyId, 'policy'], saved);
      toast.show('success', t('companyAdmin.policy.saved'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError('root.server', { message: errorMessage(t, cause, t('companyAdmin.policy.failed')) });
    }
  });

  return (
    <Page title={t('companyAdmin.policy.title')} intro={t('companyAdmin.policy.intro')} width="narrow">
      <Card aria-label={t('companyAdmin.policy.title')}>
        {current.isPending ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : (
          <form className={ui.stack} onSubmit={submit}>
            {(formError || current.isError) && (
              <FormError>
                {formError ?? errorMessage(t, current.error, t('companyAdmin.policy.failed'))}
              </FormError>
            )}
            <fieldset className={ui.choiceList}>
              <legend>{t('companyAdmin.policy.legend')}</legend>
              {MFA_POLICIES.map((policy) => (
                <label key={policy} className={`${ui.choice} ${ui.boxed}`} htmlFor={`${id}-${policy}`}>
                  <input
                    id={`${id}-${policy}`}
                    type="radio"
                    value={policy}
                    aria-describedby={`${id}-${policy}-hint`}
                    {...register('policy')}
                  />
                  <span>{t(`companyAdmin.policy.${policy}`)}</span>
                  <span id={`${id}-${policy}-hint`} className={ui.choiceHint}>
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
