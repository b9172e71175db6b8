import { useId } from 'react';
import { Badge } from '../../../components/Badge';
import styles from '../../../components/CodeCard.module.css';
import { ListRow, RowList } from '../../../components/ListRow';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { intlLocale } from '../../../lib/intl';
import { useRevokeTrustedDevice, useTrustedDevices } from '../api/trustedDevices';

/** A short device name from its user agent: browser on system, or unknown. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || null;
}

/** Security tab: devices that skip MFA at login, each revocable. */
export function TrustedDevicesCard() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toast = useToast();
  const devices = useTrustedDevices();
  const revoke = useRevokeTrustedDevice();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'medium' });

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mfa.settings.devicesTitle')}</h2>
      <p className={styles.hint}>{t('mfa.settings.devicesIntro')}</p>
      {devices.isPending && <p role="status">{t('common.loading')}</p>}
      {devices.isError && (
        <p role="alert" className={styles.formError}>
          {t('mfa.settings.loadError')}
        </p>
      )}
      {devices.data?.length === 0 && <p>{t('mfa.settings.devicesNone')}</p>}
      <RowList testId="trusted-devices">
        {devices.data?.map((device) => {
          const name = deviceName(device.user_agent) ?? t('mfa.settings.deviceUnknown');
          return (
            <ListRow
              key={device.id}
              actions={
                <button
                  type="button"
                  className={styles.dangerButton}
                  disabled={revoke.isPending}
                  aria-label={t('mfa.settings.revokeLabel', { device: name })}
                  onClick={() =>
                    revoke.mutate(device.id, {
                      onSuccess: () => toast.show('success', t('mfa.settings.revoked')),
                      onError: (error) => toast.show('error', errorMessage(t, error)),
                    })
                  }
                >
                  {t('mfa.settings.revoke')}
                </button>
              }
            >
              <span className={styles.methodName}>
                {name} {device.current && <Badge>{t('mfa.settings.deviceCurrent')}</Badge>}
              </span>
              <span className={styles.methodTarget}>
                {t('mfa.settings.deviceDetails', {
                  created: date(device.created_at),
                  expires: date(device.expires_at),
                })}
              </span>
            </ListRow>
          );
        })}
      </RowList>
    </section>
  );
}
