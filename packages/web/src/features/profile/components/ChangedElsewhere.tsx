import { maskIban } from '@vestibule/contract/iban';
import { formatPhone } from '@vestibule/contract/phone';
import type { User } from '@vestibule/contract/schemas/user';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { userLocale } from '../../../lib/language';
import { formatDate } from '../format';
import styles from './Profile.module.css';

type Field = 'firstname' | 'lastname' | 'gender' | 'birthdate' | 'language' | 'iban' | 'email' | 'phone';

/** How each field the profile edits reads, for a user. */
function fieldValue(user: User, field: Field): string | null {
  switch (field) {
    case 'email':
      return user.email.map((e) => e.email).join(', ');
    case 'phone':
      return user.phone.map((p) => p.phone).join(', ');
    default:
      return user[field];
  }
}

/** The fields another browser changed between the user this screen showed and the current one. */
export function changedFields(before: User, after: User): Field[] {
  const fields: Field[] = [
    'firstname',
    'lastname',
    'gender',
    'birthdate',
    'language',
    'iban',
    'email',
    'phone',
  ];
  return fields.filter((field) => fieldValue(before, field) !== fieldValue(after, field));
}

/**
 * What changed elsewhere while the user was editing (a 412 profile_changed): each changed field
 * with its value now, and what became of the user's own change (`kept`).
 */
export function ChangedElsewhere({
  before,
  after,
  kept,
}: {
  before: User;
  after: User;
  kept: 'form' | 'contacts';
}) {
  const { t, i18n } = useTranslation();
  const edition = currentEdition();
  const shown = (field: Field): string => {
    const notSet = t('profile.notSet');
    switch (field) {
      case 'gender':
        return after.gender
          ? t(`profile.personal.genders.${after.gender}`)
          : t('profile.editInfo.genderNone');
      case 'birthdate':
        return after.birthdate ? formatDate(after.birthdate, i18n.language) : notSet;
      case 'language':
        return t(`languages.${userLocale(edition, after.language)}`);
      case 'iban':
        return after.iban ? maskIban(after.iban) : notSet;
      case 'phone':
        return after.phone.map((p) => formatPhone(p.phone)).join(', ');
      default:
        return fieldValue(after, field) || notSet;
    }
  };
  const label = (field: Field) =>
    field === 'iban'
      ? t('profile.bank.iban')
      : field === 'email'
        ? t('profile.contact.emails')
        : field === 'phone'
          ? t('profile.contact.phones')
          : t(`profile.personal.${field}`);
  return (
    <div className={styles.formError} role="alert" data-changed-elsewhere="">
      <strong>{t('profile.changedElsewhere.title')}</strong>
      <p>{t('profile.changedElsewhere.intro')}</p>
      <ul>
        {changedFields(before, after).map((field) => (
          <li key={field}>
            {t('profile.changedElsewhere.item', { field: label(field), value: shown(field) })}
          </li>
        ))}
      </ul>
      <p>
        {t(kept === 'form' ? 'profile.changedElsewhere.keptForm' : 'profile.changedElsewhere.keptContacts')}
      </p>
    </div>
  );
}
