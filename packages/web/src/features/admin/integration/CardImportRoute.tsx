import {
  CARD_IMPORT_MAX_BYTES,
  CARD_IMPORT_MAX_ROWS,
  type CardImportResponse,
  type CardRowError,
} from '@vestibule/contract/schemas/admin-integration';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { useAdminMe } from '../api/me';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { importCards } from './api';
import styles from './Integration.module.css';

type Edition = 'general' | 'lu';
/** Where an import is: sending the file (bytes), or the server checking and writing it. */
type Progress = { phase: 'upload'; percent: number } | { phase: 'server' };

const kilobytes = (bytes: number) => Math.ceil(bytes / 1000);

/** The file's bytes as base64, as the API takes them (line breaks and a BOM travel intact). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** /admin/cards: upload an issuer's CSV file, see each bad row, or the summary of the import. */
export function CardImportRoute() {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<CardImportResponse | null>(null);
  return (
    <Page title={t('adminIntegration.cards.title')} intro={t('adminIntegration.cards.intro')} width="wide">
      {summary ? (
        <SummaryCard summary={summary} onAgain={() => setSummary(null)} />
      ) : (
        <ImportCard onDone={setSummary} />
      )}
    </Page>
  );
}

/** The size and type checks the server makes too, said before anything is sent. */
function fileProblem(t: ReturnType<typeof useTranslation>['t'], file: File | null): string | null {
  if (!file) return t('adminIntegration.cards.fileRequired');
  if (!/\.(csv|txt)$/i.test(file.name)) return t('adminIntegration.cards.fileType');
  if (file.size > CARD_IMPORT_MAX_BYTES)
    return t('adminIntegration.cards.fileTooLarge', { size: kilobytes(CARD_IMPORT_MAX_BYTES) });
  return null;
}

function ImportCard({ onDone }: { onDone: (summary: CardImportResponse) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const editions = (useAdminMe().data?.editions ?? ['general', 'lu']) as Edition[];
  const [choice, setChoice] = useState<Edition | null>(null);
  const edition = choice ?? editions[0] ?? 'general';
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [rows, setRows] = useState<CardRowError[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  function choose(next: File | null) {
    setFile(next);
    setRows([]);
    setFormError(null);
    setFileError(next ? fileProblem(t, next) : null);
  }

  function drop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0] ?? null;
    if (dropped && input.current) input.current.files = event.dataTransfer.files;
    choose(dropped);
  }

  async function start() {
    const problem = fileProblem(t, file);
    setFileError(problem);
    if (problem) return;
    if (await stepUp.ensure()) setConfirming(true);
  }

  async function send(reason: { reason: string; ticket?: string | undefined }) {
    if (!file) return;
    setConfirming(false);
    setRows([]);
    setFormError(null);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const summary = await importCards(
        { edition, csv_base64: await base64Of(file), ...reason },
        (sent, total) =>
          setProgress(
            sent < total
              ? { phase: 'upload', percent: Math.round((sent / total) * 100) }
              : { phase: 'server' },
          ),
      );
      toast.show('success', t('adminIntegration.cards.summaryTitle'));
      onDone(summary);
    } catch (cause) {
      if (stepUp.onRefused(cause)) return;
      const listed = cause instanceof ApiError && cause.code === 'cards_csv_invalid';
      const body = cause instanceof ApiError ? (cause.body as { rows?: CardRowError[] }) : undefined;
      if (listed && body?.rows) setRows(body.rows);
      else setFormError(errorMessage(t, cause, t('adminIntegration.cards.failed')));
    } finally {
      setProgress(null);
    }
  }

  const single = editions.length === 1;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminIntegration.cards.fileTitle')}</h2>
      <form
        className={ui.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        {formError && <FormError>{formError}</FormError>}
        {!single && (
          <Field
            id={`${id}-edition`}
            label={t('adminIntegration.cards.edition')}
            hint={t('adminIntegration.cards.editionHint')}
          >
            {(control) => (
              <select
                {...control}
                className={ui.select}
                value={edition}
                disabled={progress !== null}
                onChange={(event) => {
                  setChoice(event.target.value as Edition);
                  setRows([]);
                }}
              >
                {editions.map((option) => (
                  <option key={option} value={option}>
                    {t(`adminIntegration.editions.${option}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <fieldset
          className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
          data-testid="card-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Field
            id={`${id}-file`}
            label={t('adminIntegration.cards.drop')}
            hint={t('adminIntegration.cards.fileHint', {
              size: kilobytes(CARD_IMPORT_MAX_BYTES),
              rows: CARD_IMPORT_MAX_ROWS,
            })}
            error={fileError}
          >
            {({ className: _input, ...control }) => (
              <span className={styles.filePicker}>
                {/* The input keeps the focus and the label; the button shows its action in the page's language. */}
                <input
                  {...control}
                  ref={input}
                  className={styles.fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={progress !== null}
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                />
                <Button
                  variant="secondary"
                  className={styles.fileButton}
                  tabIndex={-1}
                  aria-hidden="true"
                  disabled={progress !== null}
                  onClick={() => input.current?.click()}
                >
                  {t('adminIntegration.cards.choose')}
                </Button>
                <span className={file ? styles.chosen : ui.muted}>
                  {file
                    ? t('adminIntegration.cards.chosen', { name: file.name, size: kilobytes(file.size) })
                    : t('adminIntegration.cards.noFile')}
                </span>
              </span>
            )}
          </Field>
        </fieldset>
        {progress && <ImportProgress progress={progress} />}
        {rows.length > 0 && <RowErrors rows={rows} />}
        <div>
          <Button type="submit" busy={progress !== null}>
            {t('adminIntegration.cards.import')}
          </Button>
        </div>
      </form>
      <ReasonDialog
        open={confirming}
        title={t('adminIntegration.cards.confirmTitle', { name: file?.name ?? '' })}
        confirmLabel={t('adminIntegration.cards.import')}
        onSubmit={async (reason) => void send(reason)}
        onClose={() => setConfirming(false)}
      >
        {t('adminIntegration.cards.confirmText')}
      </ReasonDialog>
    </Card>
  );
}

/** The bytes sent so far, then the server's part (checked and written in one transaction). */
function ImportProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = progress.phase === 'upload';
  return (
    <div className={styles.progress}>
      <progress
        id={id}
        aria-label={t('adminIntegration.cards.progressLabel')}
        max={100}
        value={upload ? progress.percent : 100}
      />
      <p role="status" className={ui.muted}>
        {upload
          ? t('adminIntegration.cards.uploading', { percent: progress.percent })
          : t('adminIntegration.cards.processing')}
      </p>
    </div>
  );
}

function RowErrors({ rows }: { rows: CardRowError[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.errors} role="alert" data-testid="card-row-errors">
      <h3>{t('adminIntegration.cards.rowsTitle')}</h3>
      <p className={ui.muted}>{t('adminIntegration.cards.rowsIntro')}</p>
      <div className={ui.tableWrap}>
        <table className={`${ui.table} ${ui.stacked} ${styles.labelled}`}>
          <thead>
            <tr>
              <th scope="col">{t('adminIntegration.cards.row')}</th>
              <th scope="col">{t('adminIntegration.cards.field')}</th>
              <th scope="col">{t('adminIntegration.cards.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.row}-${row.field}-${row.code}`}>
                <td data-label={t('adminIntegration.cards.row')}>
                  {row.row || t('adminIntegration.cards.fileWide')}
                </td>
                <td data-label={t('adminIntegration.cards.field')}>
                  <code>{row.field}</code>
                </td>
                <td data-label={t('adminIntegration.cards.problem')}>
                  {t(`adminIntegration.cards.rowErrors.${row.code}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SummaryCard({ summary, onAgain }: { summary: CardImportResponse; onAgain: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const figures = [
    ['summaryRows', summary.rows],
    ['created', summary.created],
    ['updated', summary.updated],
    ['unchanged', summary.unchanged],
  ] as const;
  return (
    <Card aria-labelledby={`${id}-title`} className={styles.summaryCard}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={(node) => node?.focus()}>
        {t('adminIntegration.cards.summaryTitle')}
      </h2>
      <dl className={styles.figures} data-testid="card-import-summary">
        {figures.map(([key, value]) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`adminIntegration.cards.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={ui.muted}>{t('adminIntegration.cards.summaryNote')}</p>
      <div>
        <Button variant="secondary" onClick={onAgain}>
          {t('adminIntegration.cards.another')}
        </Button>
      </div>
    </Card>
  );
}
