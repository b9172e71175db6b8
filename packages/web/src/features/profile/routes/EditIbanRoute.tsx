import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { parseIban } from '@vestibule/contract/iban';
import type { User } from '@vestibule/contract/schemas/user';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { changedElsewhere } from '../../../lib/profileVersion';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useUser } from '../../../lib/user';
import { updateIban } from '../api/updateIban';
import { useSetUser } from '../api/updateProfile';
import { ChangedElsewhere } from '../components/ChangedElsewhere';
import { FormButtons } from '../components/FormButtons';
import styles from '../components/Profile.module.css';

const schema = z.object({
  iban: z
    .string()
    .refine((iban) => iban.trim() !== '', 'profile.iban.required')
    .refine((iban) => iban.trim() === '' || Boolean(parseIban(iban)), 'profile.iban.invalid'),
});
type MessageKey = 'profile.iban.required' | 'profile.iban.invalid';

/** /profile/edit-iban (step-up first): a SEPA IBAN, checked here and by the server (SPEC §5). */
export function EditIbanRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const setUser = useSetUser();
  const save = useMutation({ mutationFn: updateIban });
  const user = useUser();
  const [elsewhere, setElsewhere] = useState<{ before: User; after: User } | null>(null);
  // Checked on submit; the message goes with the next keystroke.
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{ iban: string }>({
    resolver: zodResolver(schema),
    defaultValues: { iban: '' },
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(async ({ iban }) => {
    try {
      const { data } = await save.mutateAsync(iban);
      setUser(data);
      toast.show('success', t('profile.iban.toast'));
      navigate(PATHS.profile);
    } catch (cause) {
      // Changed elsewhere since this page read the user: say what, keep the IBAN typed here.
      const current = changedElsewhere(cause);
      if (current && user.data) setElsewhere({ before: user.data, after: current });
      if (current) setUser(current);
      else if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (cause instanceof ApiError && cause.code === 'invalid_iban')
        setError('iban', { message: 'profile.iban.invalid' });
    }
  });

  const fieldError = formState.errors.iban?.message as MessageKey | undefined;
  // Answers shown on the field, or handled above, are not the form's.
  const formError = formAlert(save.error);

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.iban.title')}</h1>
      <p className={styles.intro}>{t('profile.iban.intro')}</p>
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          save.reset();
          setElsewhere(null);
          void submit(event);
        }}
      >
        {formError && (
          <div className={styles.formError} role="alert">
            {errorMessage(t, formError, t('profile.iban.failed'))}
          </div>
        )}
        {elsewhere && <ChangedElsewhere before={elsewhere.before} after={elsewhere.after} kept="form" />}
        <Field
          id={`${id}-iban`}
          label={t('profile.iban.label')}
          hint={t('profile.iban.hint')}
          error={fieldError && t(fieldError)}
          announce
        >
          {(control) => (
            <input
              {...control}
              className={styles.input}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={42}
              {...register('iban', { onChange: () => clearErrors('iban') })}
            />
          )}
        </Field>
        <FormButtons busy={save.isPending} label={t('profile.save')} busyLabel={t('profile.saving')} />
      </form>
    </div>
  );
}

/** The failure the form's alert shows: not a 412, a step-up or an IBAN the field shows. */
function formAlert(error: Error | null): Error | null {
  if (!error || changedElsewhere(error)) return null;
  if (error instanceof ApiError && (error.code === 'sudo_required' || error.code === 'invalid_iban'))
    return null;
  return error;
}
