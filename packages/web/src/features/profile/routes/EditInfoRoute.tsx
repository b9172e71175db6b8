import type { Locale } from '@vestibule/contract/editions';
import { birthdateSchema } from '@vestibule/contract/schemas/profile';
import type { User } from '@vestibule/contract/schemas/user';
import { useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
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
import styles from '../components/Profile.module.css';

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u;
type Gender = 'female' | 'male' | 'other' | '';

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
  const [initial] = useState(() => formValues(user, edition.locales, edition.defaultLocale));
  const [firstname, setFirstname] = useState(initial.firstname);
  const [lastname, setLastname] = useState(initial.lastname);
  const [gender, setGender] = useState<Gender>(initial.gender);
  const [birthdate, setBirthdate] = useState(initial.birthdate);
  const [language, setLanguage] = useState<Locale>(initial.language);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!firstname.trim()) found.firstname = t('profile.editInfo.required.firstname');
    else if (!NAME.test(firstname.trim())) found.firstname = t('profile.editInfo.invalid.name');
    if (!lastname.trim()) found.lastname = t('profile.editInfo.required.lastname');
    else if (!NAME.test(lastname.trim())) found.lastname = t('profile.editInfo.invalid.name');
    if (birthdate && !birthdateSchema.safeParse(birthdate).success)
      found.birthdate = t('profile.editInfo.invalid.birthdate');
    return found;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    setElsewhere(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
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
      if (fields?.birthdate) setErrors({ birthdate: t('profile.editInfo.invalid.birthdate') });
      else if (fields?.firstname || fields?.lastname)
        setErrors({
          ...(fields.firstname ? { firstname: t('profile.editInfo.invalid.name') } : {}),
          ...(fields.lastname ? { lastname: t('profile.editInfo.invalid.name') } : {}),
        });
      else setFormError(errorMessage(t, cause, t('profile.editInfo.failed')));
    }
  }

  /**
   * Another browser changed the profile since this form was filled: its values take the fields the
   * user has not touched, the user's own edits stay, and the box says what changed.
   */
  function showChangedElsewhere(current: User) {
    const was = formValues(base, edition.locales, edition.defaultLocale);
    const now = formValues(current, edition.locales, edition.defaultLocale);
    if (firstname === was.firstname) setFirstname(now.firstname);
    if (lastname === was.lastname) setLastname(now.lastname);
    if (gender === was.gender) setGender(now.gender);
    if (birthdate === was.birthdate) setBirthdate(now.birthdate);
    if (language === was.language) setLanguage(now.language);
    setElsewhere({ before: base, after: current });
    setBase(current);
    setUser(current);
  }

  const describedBy = (name: string, hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.editInfo.title')}</h1>
      <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={submit}>
        {formError && (
          <div className={styles.formError} role="alert">
            {formError}
          </div>
        )}
        {elsewhere && <ChangedElsewhere before={elsewhere.before} after={elsewhere.after} kept="form" />}
        <div className={styles.fieldRow}>
          <div className={styles.field}>
            <label htmlFor={`${id}-firstname`} className={styles.label}>
              {t('profile.personal.firstname')}
            </label>
            <input
              id={`${id}-firstname`}
              className={styles.input}
              autoComplete="given-name"
              value={firstname}
              maxLength={80}
              aria-invalid={errors.firstname ? true : undefined}
              aria-describedby={describedBy('firstname')}
              onChange={(event) => setFirstname(event.target.value)}
            />
            {fieldError('firstname')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-lastname`} className={styles.label}>
              {t('profile.personal.lastname')}
            </label>
            <input
              id={`${id}-lastname`}
              className={styles.input}
              autoComplete="family-name"
              value={lastname}
              maxLength={80}
              aria-invalid={errors.lastname ? true : undefined}
              aria-describedby={describedBy('lastname')}
              onChange={(event) => setLastname(event.target.value)}
            />
            {fieldError('lastname')}
          </div>
        </div>
        <fieldset className={styles.field}>
          <legend className={styles.label}>{t('profile.personal.gender')}</legend>
          <div className={styles.radios}>
            {(['female', 'male', 'other', ''] as const).map((value) => (
              <label key={value || 'none'} className={styles.radio}>
                <input
                  type="radio"
                  name={`${id}-gender`}
                  value={value}
                  checked={gender === value}
                  onChange={() => setGender(value)}
                />
                {value ? t(`profile.personal.genders.${value}`) : t('profile.editInfo.genderNone')}
              </label>
            ))}
          </div>
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-birthdate`} className={styles.label}>
            {t('profile.personal.birthdate')}
          </label>
          <input
            id={`${id}-birthdate`}
            className={styles.input}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            value={birthdate}
            aria-invalid={errors.birthdate ? true : undefined}
            aria-describedby={describedBy('birthdate')}
            onChange={(event) => setBirthdate(event.target.value)}
          />
          {fieldError('birthdate')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-language`} className={styles.label}>
            {t('profile.personal.language')}
          </label>
          <p id={`${id}-language-hint`} className={styles.hint}>
            {t('profile.editInfo.languageHint')}
          </p>
          <select
            id={`${id}-language`}
            className={styles.input}
            value={language}
            aria-describedby={`${id}-language-hint`}
            onChange={(event) => setLanguage(event.target.value as Locale)}
          >
            {edition.locales.map((locale) => (
              <option key={locale} value={locale} lang={locale.slice(0, 2)}>
                {t(`languages.${locale}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.button} disabled={mutation.isPending}>
            {mutation.isPending ? t('profile.saving') : t('profile.save')}
          </button>
          <Link to={PATHS.profile} className={styles.secondary}>
            {t('profile.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
