import { zodResolver } from '@hookform/resolvers/zod';
import type { Passkey } from '@vestibule/contract/schemas/passkeys';
import { PASSKEY_NAME_MAX_LENGTH } from '@vestibule/contract/schemas/passkeys';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import styles from '../../../components/CodeCard.module.css';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { closeOnEscape } from '../../../lib/closeOnEscape';
import { errorMessage } from '../../../lib/errorMessage';
import { fetchMfaStatus, stepUpPath } from '../../../lib/stepUp';
import { formatDate } from '../../security';
import { useCreatePasskey, useDeletePasskey, usePasskeys, useRenamePasskey } from '../api/passkeys';

// An empty name is told in the card's alert, as the server's refusals are.
const schema = z.object({ name: z.string().refine((name) => name.trim() !== '', 'passkeys.nameRequired') });

type Mode =
  | { step: 'idle' }
  | { step: 'add' }
  | { step: 'rename'; id: number }
  | { step: 'remove'; id: number };

/** What a step-up came back to do (`?passkey=add`, `?passkey=remove&id=12`), used once. */
function requestedMode(params: URLSearchParams): Mode {
  const action = params.get('passkey');
  const id = Number(params.get('id'));
  if (action === 'add') return { step: 'add' };
  if (action === 'remove' && Number.isInteger(id) && id > 0) return { step: 'remove', id };
  return { step: 'idle' };
}

/**
 * Security tab: the account's passkeys (name, added, last used) with rename, delete (after a
 * step-up; the contacts are told) and add (after a step-up: the browser creates the passkey).
 */
export function PasskeysCard({ returnTo }: { returnTo: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const passkeys = usePasskeys();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [mode, setMode] = useState<Mode>(() => requestedMode(params));
  const create = useCreatePasskey();
  // The add or the rename form (one open at a time).
  const { register, handleSubmit, setValue, control } = useForm<{ name: string }>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
    // The message is the card's alert, not the field's: the focus stays where it is.
    shouldFocusError: false,
  });
  const name = useWatch({ control, name: 'name' });
  /** While the step-up grant is checked before a form or a confirmation opens. */
  const [checking, setChecking] = useState(false);
  const busy = checking || create.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
  const list = passkeys.data ?? [];

  useEffect(() => {
    if (!params.has('passkey')) return;
    const next = new URLSearchParams(params);
    next.delete('passkey');
    next.delete('id');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (mode.step === 'add' && name === '')
      setValue('name', t('passkeys.defaultName', { count: list.length + 1 }));
  }, [mode, name, list.length, t, setValue]);

  const back = (action: string) => {
    const url = new URL(returnTo, window.location.origin);
    for (const [key, value] of new URLSearchParams(action)) url.searchParams.set(key, value);
    return `${url.pathname}${url.search}`;
  };

  /** Runs `then` when the session holds a step-up, else steps up and comes back to `action`. */
  async function withStepUp(action: string, then: () => void) {
    setProblem(null);
    setChecking(true);
    let sudo = true;
    try {
      sudo = (await fetchMfaStatus()).sudo;
    } catch {
      // Unknown: go on; the server answers 403 sudo_required when a step-up is needed.
    }
    setChecking(false);
    if (sudo) then();
    else navigate(stepUpPath(back(action)));
  }

  function explain(error: unknown, action: string) {
    if (error instanceof ApiError && error.code === 'sudo_required') navigate(stepUpPath(back(action)));
    else setProblem(errorMessage(t, error));
  }

  /** What the form's check said, in the card's alert. */
  const onInvalid = () => setProblem(t('passkeys.nameRequired'));

  const onCreate = handleSubmit(async ({ name: typed }) => {
    setProblem(null);
    try {
      const outcome = await create.mutateAsync(typed.trim());
      if (outcome === 'cancelled') return setProblem(t('passkeys.cancelled'));
      setMode({ step: 'idle' });
      setValue('name', '');
      toast.show('success', t('passkeys.added'));
    } catch (error) {
      if (error instanceof ApiError) explain(error, 'passkey=add');
      else setProblem(t('passkeys.browserError'));
    }
  }, onInvalid);

  function onRename(passkey: Passkey) {
    return handleSubmit(({ name: typed }) => {
      rename.mutate(
        { id: passkey.id, name: typed.trim() },
        {
          onSuccess: () => {
            setMode({ step: 'idle' });
            toast.show('success', t('passkeys.renamed'));
          },
          onError: (error) => setProblem(errorMessage(t, error)),
        },
      );
    }, onInvalid);
  }

  // Escape closes the add or rename form as Cancel does; the focus goes to the card's heading.
  const closeOnEscapeKey = closeOnEscape(
    () => setMode({ step: 'idle' }),
    () => document.getElementById(`${id}-title`),
  );

  const removing = mode.step === 'remove' ? list.find((p) => p.id === mode.id) : undefined;

  function onRemove(passkey: Passkey) {
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setMode({ step: 'idle' });
        toast.show('success', t('passkeys.removed'));
      },
      onError: (error) => {
        setMode({ step: 'idle' });
        explain(error, `passkey=remove&id=${passkey.id}`);
      },
    });
  }

  const nameField = (label: string) => (
    <Field id={`${id}-name`} label={label}>
      {(control) => (
        <input {...control} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" {...register('name')} />
      )}
    </Field>
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-testid="passkeys">
      <h2 id={`${id}-title`} tabIndex={-1}>
        {t('passkeys.title')}
      </h2>
      <p>{t('passkeys.intro')}</p>
      {passkeys.isPending && <p role="status">{t('common.loading')}</p>}
      {passkeys.isError && (
        <div role="alert" className={styles.formError}>
          <p>{t('passkeys.loadError')}</p>
        </div>
      )}
      {passkeys.isSuccess && list.length === 0 && <p>{t('passkeys.none')}</p>}
      {/* No empty list: it would still take a gap of the card's column. */}
      {list.length > 0 && (
        <ul className={styles.itemList} aria-label={t('passkeys.listLabel')}>
          {list.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              {mode.step === 'rename' && mode.id === passkey.id ? (
                <form className={styles.form} onSubmit={onRename(passkey)} onKeyDown={closeOnEscapeKey}>
                  {nameField(t('passkeys.newName'))}
                  <div className={styles.itemActions}>
                    <button type="submit" className={styles.linkButton} disabled={rename.isPending}>
                      {t('passkeys.save')}
                    </button>
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => setMode({ step: 'idle' })}
                    >
                      {t('passkeys.cancel')}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <span className={styles.methodText}>
                    <span className={styles.methodName}>
                      {passkey.name}
                      {passkey.backed_up && <span className={styles.tag}>{t('passkeys.synced')}</span>}
                    </span>
                    <span className={styles.methodTarget}>
                      {t('passkeys.addedOn', { date: formatDate(passkey.created_at, i18n.language) })}
                      {' · '}
                      {passkey.last_used_at
                        ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, i18n.language) })
                        : t('passkeys.neverUsed')}
                    </span>
                  </span>
                  {
                    <span className={styles.itemActions}>
                      <button
                        type="button"
                        className={styles.linkButton}
                        aria-label={t('passkeys.renameLabel', { name: passkey.name })}
                        onClick={() => {
                          setProblem(null);
                          setValue('name', passkey.name);
                          setMode({ step: 'rename', id: passkey.id });
                        }}
                      >
                        {t('passkeys.rename')}
                      </button>
                      <button
                        type="button"
                        className={styles.dangerButton}
                        aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                        disabled={busy}
                        onClick={() =>
                          void withStepUp(`passkey=remove&id=${passkey.id}`, () =>
                            setMode({ step: 'remove', id: passkey.id }),
                          )
                        }
                      >
                        {t('passkeys.remove')}
                      </button>
                    </span>
                  }
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('passkeys.confirmRemove')}
        confirmLabel={t('passkeys.removeConfirm')}
        cancelLabel={t('passkeys.cancel')}
        busy={remove.isPending}
        onConfirm={() => removing && onRemove(removing)}
        onCancel={() => setMode({ step: 'idle' })}
      >
        <p>{removing?.name}</p>
      </ConfirmDialog>
      {problem && (
        <p role="alert" className={styles.formError}>
          {problem}
        </p>
      )}
      {mode.step === 'add' ? (
        <form
          className={styles.form}
          onSubmit={(event) => void onCreate(event)}
          onKeyDown={closeOnEscapeKey}
          aria-busy={busy}
        >
          {nameField(t('passkeys.name'))}
          <p className={styles.note}>{t('passkeys.createHint')}</p>
          <div className={styles.itemActions}>
            <button type="submit" className={styles.submit} disabled={busy}>
              {t(busy ? 'passkeys.creating' : 'passkeys.create')}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => setMode({ step: 'idle' })}>
              {t('passkeys.cancel')}
            </button>
          </div>
        </form>
      ) : supported ? (
        <div className={styles.itemActions}>
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => void withStepUp('passkey=add', () => setMode({ step: 'add' }))}
          >
            {t('passkeys.add')}
          </button>
        </div>
      ) : (
        <p className={styles.note}>{t('passkeys.unsupported')}</p>
      )}
    </section>
  );
}
