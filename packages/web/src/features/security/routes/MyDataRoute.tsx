import type { DataExport } from '@vestibule/contract/schemas/privacy';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { TFunction } from '../../../i18n';
import type { Messages } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { intlLocale } from '../../../lib/intl';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useDataExport } from '../api/dataExport';
import { Breadcrumbs } from '../components/Breadcrumbs';
import styles from '../components/Security.module.css';
import { dataExportHtml } from '../dataExportPage';

type Column = keyof Messages['security']['myData']['page']['columns'];

/** Every field name of the export document (contract/schemas/privacy.ts) that has a translation. */
const COLUMNS = [
  'firstname',
  'lastname',
  'gender',
  'birthdate',
  'language',
  'country',
  'iban',
  'national_register_number',
  'created_at',
  'last_password_change',
  'kind',
  'value',
  'primary',
  'verified_at',
  'added_at',
  'number',
  'status',
  'activated_at',
  'granted',
  'version',
  'at',
  'target',
  'name',
  'last_used_at',
  'user_agent',
  'ip',
  'started_at',
  'last_seen_at',
  'expires_at',
  'client_id',
  'app',
  'scopes',
  'channel',
  'to',
  'subject',
  'step',
  'method',
  'completed_at',
] as const satisfies readonly Column[];

/** The JSON's field names in the reader's language, for the readable page's headers. */
function columnLabels(t: TFunction): Record<string, string> {
  return Object.fromEntries(COLUMNS.map((column) => [column, t(`security.myData.page.columns.${column}`)]));
}

interface Files {
  json: string;
  html: string;
  name: string;
}

/** Object URLs of the two files, revoked when replaced or when the page closes. */
function useFiles(): [Files | null, (next: Files) => void] {
  const [files, setFiles] = useState<Files | null>(null);
  useEffect(
    () => () => {
      if (files) {
        URL.revokeObjectURL(files.json);
        URL.revokeObjectURL(files.html);
      }
    },
    [files],
  );
  return [files, setFiles];
}

/** /security/my-data (step-up first): a copy of everything held about the account, JSON and HTML. */
export function MyDataRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const download = useDataExport();
  const [files, setFiles] = useFiles();
  const ready = useRef<HTMLParagraphElement>(null);
  // Focus moves to "ready" once that paragraph is on the page, not at a frame that may come first.
  const focusReady = useRef(false);
  useEffect(() => {
    if (!files || !focusReady.current) return;
    focusReady.current = false;
    ready.current?.focus();
  }, [files]);
  const brand = currentEdition().brandName;

  const readableCopy = (document: DataExport): string => {
    const format = new Intl.DateTimeFormat(intlLocale(i18n.language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    const date = (iso: string) => format.format(new Date(iso));
    return dataExportHtml(document, {
      title: t('security.myData.page.title', { brand }),
      generated: t('security.myData.page.generated', { date: date(document.generated_at) }),
      none: t('security.myData.page.none'),
      yes: t('security.myData.page.yes'),
      no: t('security.myData.page.no'),
      sections: {
        profile: t('security.myData.page.profile'),
        contacts: t('security.myData.page.contacts'),
        cards: t('security.myData.page.cards'),
        consents: t('security.myData.page.consents'),
        mfa_methods: t('security.myData.page.mfaMethods'),
        passkeys: t('security.myData.page.passkeys'),
        sessions: t('security.myData.page.sessions'),
        trusted_devices: t('security.myData.page.trustedDevices'),
        security_events: t('security.myData.page.securityEvents'),
        app_grants: t('security.myData.page.appGrants'),
        notifications: t('security.myData.page.notifications'),
        merges: t('security.myData.page.merges'),
      },
      columns: columnLabels(t),
      language: i18n.language.slice(0, 2),
      date,
    });
  };

  const prepare = async () => {
    try {
      const document = await download.mutateAsync();
      const day = document.generated_at.slice(0, 10);
      focusReady.current = true;
      setFiles({
        json: URL.createObjectURL(
          new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
        ),
        html: URL.createObjectURL(new Blob([readableCopy(document)], { type: 'text/html' })),
        name: `${brand.toLowerCase().replace(/\W+/g, '-')}-data-${day}`,
      });
    } catch (error) {
      // A single step-up was already used: prove a factor again and come back here.
      if (error instanceof ApiError && error.code === 'sudo_required') navigate(stepUpAgainPath());
    }
  };

  const failed =
    download.error && !(download.error instanceof ApiError && download.error.code === 'sudo_required');
  return (
    <div className={styles.page}>
      <Breadcrumbs current={t('security.myData.crumb')} />
      <section className={`${styles.card} ${styles.formCard}`} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('security.myData.title')}</h1>
        <p className={styles.intro}>{t('security.myData.intro', { brand })}</p>
        <p className={styles.muted}>{t('security.myData.formats')}</p>
        {failed && <ErrorAlert>{errorMessage(t, download.error)}</ErrorAlert>}
        {files ? (
          <div className={styles.downloads}>
            <p ref={ready} tabIndex={-1} className={styles.readyText}>
              {t('security.myData.ready')}
            </p>
            <a href={files.json} download={`${files.name}.json`} className={styles.textLink}>
              {t('security.myData.json')}
            </a>
            <a href={files.html} download={`${files.name}.html`} className={styles.textLink}>
              {t('security.myData.html')}
            </a>
          </div>
        ) : (
          <Button busy={download.isPending} onClick={prepare}>
            {download.isPending ? t('security.myData.preparing') : t('security.myData.prepare')}
          </Button>
        )}
      </section>
    </div>
  );
}
