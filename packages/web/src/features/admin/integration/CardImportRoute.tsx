import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  CARD_IMPORT_MAX_BYTES,
  CARD_IMPORT_MAX_ROWS,
  type CardImportResponse,
  type CardRowError,
} from '@vestibule/contract/schemas/admin-integration';
import { type DragEvent, useId, useMemo, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
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
function importFormSchema(t: ReturnType<typeof useTranslation>['t']) {
  return z.object({
    edition: z.enum(['general', 'lu']).optional(),
    file: z.custom<File | null>().superRefine((file, ctx) => {
      const problem = !file
        ? t('adminIntegration.cards.fileRequired')
        : !/\.(csv|txt)$/i.test(file.name)
          ? t('adminIntegration.cards.fileType')
          : file.size > CARD_IMPORT_MAX_BYTES
            ? t('adminIntegration.cards.fileTooLarge', { size: kilobytes(CARD_IMPORT_MAX_BYTES) })
            : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

type ImportFields = { edition?: Edition | undefined; file: File | null };
type ImportInput = { edition: Edition; file: File; reason: string; ticket?: string | undefined };

function ImportCard({ onDone }: { onDone: (summary: CardImportResponse) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const editions = (useAdminMe().data?.editions ?? ['general', 'lu']) as Edition[];
  const schema = useMemo(() => importFormSchema(t), [t]);
  const { register, control, handleSubmit, getValues, trigger, clearErrors, formState } =
    useForm<ImportFields>({
      resolver: zodResolver(schema),
      defaultValues: { file: null },
      reValidateMode: 'onSubmit',
    });
  const { field: fileField } = useController({ control, name: 'file' });
  const file = fileField.value;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [rows, setRows] = useState<CardRowError[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useMutation({
    mutationFn: async ({ file: chosen, ...request }: ImportInput) =>
      importCards({ ...request, csv_base64: await base64Of(chosen) }, (sent, total) =>
        setProgress(
          sent < total ? { phase: 'upload', percent: Math.round((sent / total) * 100) } : { phase: 'server' },
        ),
      ),
  });

  /** A file chosen or dropped is checked at once; none chosen clears the message. */
  function choose(next: File | null) {
    fileField.onChange(next);
    setRows([]);
    setFormError(null);
    if (next) void trigger('file');
    else clearErrors('file');
  }

  function drop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0] ?? null;
    if (dropped && input.current) input.current.files = event.dataTransfer.files;
    choose(dropped);
  }

  const start = handleSubmit(async () => {
    if (await stepUp.ensure()) setConfirming(true);
  });

  async function send(reason: { reason: string; ticket?: string | undefined }) {
    if (!file) return;
    setConfirming(false);
    setRows([]);
    setFormError(null);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const edition = getValues('edition') ?? editions[0] ?? 'general';
      const summary = await upload.mutateAsync({ edition, file, ...reason });
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
      <form className={ui.stack} noValidate onSubmit={(event) => void start(event)}>
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
                disabled={progress !== null}
                {...register('edition', { onChange: () => setRows([]) })}
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
            error={formState.errors.file?.message}
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
      <ConsoleTable
        columns={[
          t('adminIntegration.cards.row'),
          t('adminIntegration.cards.field'),
          t('adminIntegration.cards.problem'),
        ]}
        stacked
        labelled
        className={styles.labelled}
      >
        {rows.map((row) => (
          <tr key={`${row.row}-${row.field}-${row.code}`}>
            <td>{row.row || t('adminIntegration.cards.fileWide')}</td>
            <td>
              <code>{row.field}</code>
            </td>
            <td>{t(`adminIntegration.cards.rowErrors.${row.code}`)}</td>
          </tr>
        ))}
      </ConsoleTable>
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
