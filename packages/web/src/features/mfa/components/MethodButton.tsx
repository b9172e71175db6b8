import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import styles from '../../../components/CodeCard.module.css';
import { Icon, type IconName } from '../../../components/Icon';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { maskTarget } from '../../../lib/maskTarget';

const ICONS: Record<MfaMethod['method'], IconName> = {
  sms: 'phone',
  email: 'mail',
  totp: 'authenticator',
  totpRecovery: 'key',
  // A passkey: the shield, as the Security tab's own icon.
  passkey: 'security',
};

/**
 * The method's name with its tag (Primary). The tag is bound to the name's last word: when the
 * line is too short for both, the last word goes to the next line with it, so the tag never
 * starts a line alone under the name ("Text message (SMS)" and "Primary" at 1280 px did).
 */
function MethodName({ name, tag }: { name: string; tag: string | null }) {
  if (!tag) return <span className={styles.methodName}>{name}</span>;
  const cut = name.lastIndexOf(' ') + 1;
  return (
    <span className={styles.methodName}>
      {name.slice(0, cut)}
      <span className={styles.methodNameEnd}>
        {name.slice(cut)}
        <span className={styles.tag}>{tag}</span>
      </span>
    </span>
  );
}

/** One method of the method list: icon, name, masked target, primary tag. */
export function MethodButton({
  method,
  busy,
  disabled,
  onChoose,
}: {
  method: MfaMethod;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const target = maskTarget(method.method, method.target);
  const hint =
    method.method === 'sms' || method.method === 'email' ? (
      target ? (
        <KeptValues text={`mfa.methodHints.${method.method}`} values={{ target }} keep={['target']} />
      ) : (
        t(`mfa.methodHints.${method.method}NoTarget`)
      )
    ) : (
      t(`mfa.methodHints.${method.method}`)
    );
  return (
    <button type="button" className={styles.method} onClick={onChoose} disabled={disabled} aria-busy={busy}>
      <span className={styles.methodIcon}>
        <Icon name={ICONS[method.method]} size={22} />
      </span>
      <span className={styles.methodText}>
        <MethodName
          name={t(`mfa.methodNames.${method.method}`)}
          tag={method.primary ? t('mfa.methods.primary') : null}
        />
        <span className={styles.methodTarget}>{busy ? t('mfa.methods.starting') : hint}</span>
      </span>
      <Icon name="arrow" size={20} className={styles.methodArrow} />
    </button>
  );
}
