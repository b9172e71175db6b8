import { MFA_KINDS } from '@vestibule/contract/schemas/company-admin';
import { useId } from 'react';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useAdoption } from '../api/adoption';
import { useCompanyId } from '../companyId';
import { AdoptionChart } from '../components/AdoptionChart';
import styles from '../components/CompanyAdmin.module.css';
import { useFormatDay } from '../formatDay';

/** /admin/company/:companyId/adoption: MFA adoption over 30 days and by method, with its table. */
export function AdoptionRoute() {
  const { t } = useTranslation();
  const id = useId();
  const adoption = useAdoption(useCompanyId());
  const data = adoption.data;
  const percent = data?.members ? Math.round((100 * data.with_mfa) / data.members) : 0;
  const today = data?.series.at(-1);
  const formatDay = useFormatDay();

  return (
    <Page title={t('companyAdmin.adoption.title')} intro={t('companyAdmin.adoption.intro')} width="wide">
      {adoption.isError && (
        <FormError>{errorMessage(t, adoption.error, t('companyAdmin.adoption.loadFailed'))}</FormError>
      )}
      {!data ? (
        adoption.isPending && (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        )
      ) : (
        <div className={ui.stack}>
          <Card aria-labelledby={`${id}-summary`}>
            <p id={`${id}-summary`} className={styles.summary} data-testid="adoption-summary">
              {t('companyAdmin.adoption.summary', { count: data.with_mfa, members: data.members, percent })}
            </p>
            <AdoptionChart series={data.series} />
          </Card>
          <Card aria-labelledby={`${id}-methods`}>
            <h2 id={`${id}-methods`}>{t('companyAdmin.adoption.byMethodTitle')}</h2>
            <dl className={styles.bars}>
              {MFA_KINDS.map((kind) => {
                const count = today?.[kind] ?? 0;
                return (
                  <div key={kind} className={styles.bar}>
                    <dt>{t(`companyAdmin.people.methodNames.${kind}`)}</dt>
                    <dd className={styles.barTrack} aria-hidden="true">
                      {/* An SVG width, not a style attribute: the CSP allows none. */}
                      <svg
                        className={styles.barSvg}
                        viewBox="0 0 100 12"
                        preserveAspectRatio="none"
                        aria-hidden="true"
                      >
                        <rect
                          className={styles.barFill}
                          width={data.members ? (100 * count) / data.members : 0}
                          height="12"
                        />
                      </svg>
                    </dd>
                    <dd className={styles.num} data-testid={`adoption-${kind}`}>
                      {count}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </Card>
          <Card aria-labelledby={`${id}-table`}>
            <details>
              <summary id={`${id}-table`}>{t('companyAdmin.adoption.showTable')}</summary>
              <ConsoleTable
                className={styles.table}
                caption={t('companyAdmin.adoption.tableTitle')}
                columns={[
                  t('companyAdmin.adoption.day'),
                  { label: t('companyAdmin.adoption.members'), className: styles.num },
                  { label: t('companyAdmin.adoption.withMfa'), className: styles.num },
                  ...MFA_KINDS.map((kind) => ({
                    label: t(`companyAdmin.people.methodNames.${kind}`),
                    className: styles.num,
                  })),
                ]}
              >
                {[...data.series].reverse().map((point) => (
                  <tr key={point.day}>
                    <th scope="row">{formatDay(point.day)}</th>
                    <td className={styles.num}>{point.members}</td>
                    <td className={styles.num}>{point.with_mfa}</td>
                    {MFA_KINDS.map((kind) => (
                      <td key={kind} className={styles.num}>
                        {point[kind]}
                      </td>
                    ))}
                  </tr>
                ))}
              </ConsoleTable>
            </details>
          </Card>
        </div>
      )}
    </Page>
  );
}
