import { zodResolver } from '@hookform/resolvers/zod';
import type { Locale } from '@vestibule/contract/editions';
import { birthdateSchema } from '@vestibule/contract/schemas/profile';
import type { User } from '@vestibule/contract/schemas/user';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { changeLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { changedElsewhere } from '../../../lib/profileVersion';
import { useUser } from '../../../lib/user';
import { useSetUser, useUpdateProfile } from '../api/updateProfile';
import { ChangedElsewhere } from '../components/ChangedElsewhere';
import { FormButtons } from '../components/FormButtons';
import styles from '../components/Profile.module.css';

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u;
type Gender = 'female' | 'male' | 'other' | '';

/** A first or last name: typed, and of letters, marks, spaces, apostrophes, dots and hyphens. */
function nameField(required: 'profile.editInfo.required.firstname' | 'profile.editInfo.required.lastname') {
  return z.string().superRefine((name, context) => {
    if (!name.trim()) context.addIssue({ code: 'custom', message: required });
    else if (!NAME.test(name.trim()))
      context.addIssue({ code: 'custom', message: 'profile.editInfo.invalid.name' });
  });
}

const schema = z.object({
  firstname: nameField('profile.editInfo.required.firstname'),
  lastname: nameField('profile.editInfo.required.lastname'),
  gender: z.enum(['female', 'male', 'other', '']),
  birthdate: z
    .string()
    .refine((date) => !date || birthdateSchema.safeParse(date).success, 'profile.editInfo.invalid.birthdate'),
  // The select offers the edition's languages only.
  language: z.custom<Locale>(),
});
type Fields = z.infer<typeof schema>;
type MessageKey =
  | 'profile.editInfo.required.firstname'
  | 'profile.editInfo.required.lastname'
  | 'profile.editInfo.invalid.name'
  | 'profile.editInfo.invalid.birthdate';

/** /profile/edit-info: reachable only from the overview (SPEC §2), which sets the route state. */
export function EditInfoRoute() {
  const location = useLocation();
  const fromOverview = (location.state as { from?: string } | null)?.from === PATHS.profile;
  const user = useUser();
  if (!fromOverview) return <Navigate to={PATHS.profile} replace />;
  if (!user.data) return null;
  return <EditInfoForm user={user.data} />;
}

/** What the form shows of a user; a field the user has not touched follows the user it is based on. */
function formValues(user: User, locales: readonly Locale[], fallback: Locale) {
  return {
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    gender: (user.gender ?? '') as Gender,
    birthdate: user.birthdate ?? '',
    language: locales.find((l) => l.slice(0, 2) === user.language.slice(0, 2)) ?? fallback,
  };
}

function EditInfoForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useUpdateProfile();
  const setUser = useSetUser();
  const edition = currentEdition();
  /** The user the form was filled from; a 412 moves it to the current one. */
  const [base, setBase] = useState(user);
  const [elsewhere, setElsewhere] = useState<{ before: User; after: User } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Checked on submit only: a message stays until the next one (as the fields are typed).
  const { register, handleSubmit, setError, getValues, setValue, control, formState } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: formValues(user, edition.locales, edition.defaultLocale),
    reValidateMode: 'onSubmit',
  });
  const errors = formState.errors;
  const { field: gender } = useController({ control, name: 'gender' });

  const submit = handleSubmit(async ({ firstname, lastname, gender, birthdate, language }) => {
    try {
      await mutation.mutateAsync({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        gender: gender || null,
        birthdate: birthdate || null,
        language,
      });
      // Saved to the user and applied at once (SPEC §2).
      await changeLocale(language);
      // In the language just chosen: `t` of this render still speaks the previous one.
      toast.show('success', i18n.t('profile.editInfo.toast'));
      navigate(PATHS.profile);
    } catch (cause) {
      const current = changedElsewhere(cause);
      if (current) {
        showChangedElsewhere(current);
        return;
      }
      const fields = cause instanceof ApiError ? cause.fields : undefined;
      if (fields?.birthdate) setError('birthdate', { message: 'profile.editInfo.invalid.birthdate' });
      else if (fields?.firstname || fields?.lastname) {
        if (fields.firstname) setError('firstname', { message: 'profile.editInfo.invalid.name' });
        if (fields.lastname) setError('lastname', { message: 'profile.editInfo.invalid.name' });
      } else setFormError(errorMessage(t, cause, t('profile.editInfo.failed')));
    }
  });

  /**
   * Another browser changed the profile since this form was filled: its values take the fields the
   * user has not touched, the user's own edits stay, and the box says what changed.
   */
  function showChangedElsewhere(current: User) {
    const was = formValues(base, edition.locales, edition.defaultLocale);
    const now = formValues(current, edition.locales, edition.defaultLocale);
    const typed = getValues();
    for (const name of ['firstname', 'lastname', 'gender', 'birthdate', 'language'] as const)
      if (typed[name] === was[name]) setValue(name, now[name]);
    setElsewhere({ before: base, after: current });
    setBase(current);
    setUser(current);
  }

  const errorText = (name: keyof Fields) => {
    const key = errors[name]?.message as MessageKey | undefined;
    return key && t(key);
  };

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.editInfo.title')}</h1>
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          setFormError(null);
          setElsewhere(null);
          void submit(event);
        }}
      >
        {formError && (
          <div className={styles.formError} role="alert">
            {formError}
          </div>
        )}
        {elsewhere && <ChangedElsewhere before={elsewhere.before} after={elsewhere.after} kept="form" />}
        <div className={styles.fieldRow}>
          <Field
            id={`${id}-firstname`}
            label={t('profile.personal.firstname')}
            error={errorText('firstname')}
          >
            {(control) => (
              <input
                {...control}
                className={styles.input}
                autoComplete="given-name"
                maxLength={80}
                {...register('firstname')}
              />
            )}
          </Field>
          <Field id={`${id}-lastname`} label={t('profile.personal.lastname')} error={errorText('lastname')}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                autoComplete="family-name"
                maxLength={80}
                {...register('lastname')}
              />
            )}
          </Field>
        </div>
        <fieldset className={styles.field}>
          <legend className={styles.label}>{t('profile.personal.gender')}</legend>
          <div className={styles.radios}>
            {(['female', 'male', 'other', ''] as const).map((value) => (
              <label key={value || 'none'} className={styles.radio}>
                <input
                  type="radio"
                  // A name of this form's own: radios group by name across the whole page.
                  name={`${id}-gender`}
                  value={value}
                  checked={gender.value === value}
                  onChange={() => gender.onChange(value)}
                  onBlur={gender.onBlur}
                />
                {value ? t(`profile.personal.genders.${value}`) : t('profile.editInfo.genderNone')}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={`${id}-birthdate`} label={t('profile.personal.birthdate')} error={errorText('birthdate')}>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              type="date"
              autoComplete="bday"
              min="1900-01-01"
              max={new Date().toISOString().slice(0, 10)}
              {...register('birthdate')}
            />
          )}
        </Field>
        <Field
          id={`${id}-language`}
          label={t('profile.personal.language')}
          hint={t('profile.editInfo.languageHint')}
        >
          {(control) => (
            <select {...control} className={styles.input} {...register('language')}>
              {edition.locales.map((locale) => (
                <option key={locale} value={locale} lang={locale.slice(0, 2)}>
                  {t(`languages.${locale}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormButtons busy={mutation.isPending} label={t('profile.save')} busyLabel={t('profile.saving')} />
      </form>
    </div>
  );
}
