import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { formatPhone } from '@vestibule/contract/phone';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { loginInputError } from '../../../lib/contactInput';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useUser } from '../../../lib/user';
import { confirmLoginChange, startLoginChange } from '../api/changeLogin';
import { useSetUser } from '../api/updateProfile';
import { CodeForm } from '../components/CodeForm';
import { FormButtons } from '../components/FormButtons';
import styles from '../components/Profile.module.css';

/** /profile/edit-credentials (step-up first): a new e-mail or phone as login, proven by a code. */
export function EditCredentialsRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUser();
  const setUser = useSetUser();
  const start = useMutation({ mutationFn: startLoginChange });
  const confirm = useMutation({
    mutationFn: ({ payload, code }: { payload: string; code: string }) => confirmLoginChange(payload, code),
  });
  // Messages are texts here: a 422 words its own (SPEC §5).
  const schema = useMemo(
    () =>
      z.object({
        login: z.string().superRefine((login, context) => {
          // A malformed e-mail or number is told here, not sent (the server would answer the same 422).
          const malformed = login.trim() ? loginInputError(login) : undefined;
          if (!login.trim()) context.addIssue({ code: 'custom', message: t('profile.credentials.required') });
          else if (malformed) context.addIssue({ code: 'custom', message: t(`errors.${malformed}`) });
        }),
      }),
    [t],
  );
  // Checked on submit; the message goes with the next keystroke.
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{ login: string }>({
    resolver: zodResolver(schema),
    defaultValues: { login: '' },
    reValidateMode: 'onSubmit',
  });
  const challenge = start.data ?? null;

  const email = user.data?.email.find((e) => e.default)?.email;
  const phone = user.data?.phone.find((p) => p.default)?.phone;

  function failure(cause: unknown): string {
    // SPEC §5: a 422 carries a message field used as the error text.
    if (cause instanceof ApiError && cause.status === 422) return cause.message;
    return errorMessage(t, cause, t('profile.credentials.failed'));
  }

  const submit = handleSubmit(async ({ login }) => {
    try {
      await start.mutateAsync(login);
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (cause instanceof ApiError && cause.status === 422)
        setError('login', { message: cause.message });
    }
  });

  // A step-up or a 422 (shown on the field) is not the form's alert.
  const formError =
    start.error &&
    !(start.error instanceof ApiError && (start.error.code === 'sudo_required' || start.error.status === 422))
      ? failure(start.error)
      : null;

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.credentials.title')}</h1>
      <p className={styles.intro}>{t('profile.credentials.intro')}</p>
      <div className={styles.card}>
        <dl className={styles.details}>
          <div>
            <dt>{t('profile.credentials.current')}</dt>
            <dd>
              {[email, phone && formatPhone(phone)].filter(Boolean).map((value) => (
                <span key={value} className={styles.line}>
                  {value}
                </span>
              ))}
            </dd>
          </div>
        </dl>
        {formError && (
          <div className={styles.formError} role="alert">
            {formError}
          </div>
        )}
        {challenge ? (
          <CodeForm
            challenge={challenge}
            onCancel={() => start.reset()}
            otherError={failure}
            confirm={async (code) => {
              const { data } = await confirm.mutateAsync({ payload: challenge.payload, code });
              setUser(data);
              toast.show('success', t('profile.credentials.toast'));
              navigate(PATHS.profile);
            }}
          />
        ) : (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              start.reset();
              void submit(event);
            }}
          >
            <Field
              id={`${id}-login`}
              label={t('profile.credentials.newLogin')}
              hint={t('profile.credentials.hint')}
              error={formState.errors.login?.message}
              announce
            >
              {(control) => (
                <input
                  {...control}
                  className={styles.input}
                  autoComplete="username"
                  {...register('login', { onChange: () => clearErrors('login') })}
                />
              )}
            </Field>
            <FormButtons
              busy={start.isPending}
              label={t('profile.contact.sendCode')}
              busyLabel={t('profile.contact.sending')}
            />
          </form>
        )}
      </div>
    </div>
  );
}
