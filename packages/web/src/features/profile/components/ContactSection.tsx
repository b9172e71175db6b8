import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ContactChallenge, ContactKind } from '@vestibule/contract/schemas/profile';
import type { User } from '@vestibule/contract/schemas/user';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { KeptValue, KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { closeOnEscape } from '../../../lib/closeOnEscape';
import { contactDraft } from '../../../lib/contactDraft';
import { contactInputError } from '../../../lib/contactInput';
import { displayContact } from '../../../lib/displayContact';
import { errorMessage } from '../../../lib/errorMessage';
import { mergeScreenPath } from '../../../lib/mergeOffer';
import { LINKED_PATHS, PATHS } from '../../../lib/paths';
import { changedElsewhere } from '../../../lib/profileVersion';
import { fetchMfaStatus, stepUpPath } from '../../../lib/stepUp';
import {
  addContact,
  confirmContact,
  contactBacksMfa,
  deleteContact,
  makePrimary,
  updateContact,
  verifyContact,
} from '../api/contacts';
import { useSetUser } from '../api/updateProfile';
import { ChangedElsewhere } from './ChangedElsewhere';
import { CodeForm } from './CodeForm';
import { FormButtons } from './FormButtons';
import styles from './Profile.module.css';

interface Contact {
  id: number;
  value: string;
  default: boolean;
  verified: boolean;
}

type Mode =
  | { step: 'idle' }
  | { step: 'enter'; id: number | null }
  | { step: 'code'; challenge: ContactChallenge; action: 'added' | 'updated' | 'verified' }
  | { step: 'delete'; id: number };

/** Codes whose SPEC text names the fix, and whether that fix is on the Security tab. */
const EXPLAINED = {
  contact_minimum: false,
  contact_is_primary: false,
  contact_used_by_mfa: true,
  primary_needs_mfa: true,
} as const;

interface Problem {
  id: number | null;
  text: string;
  security: boolean;
}

const TOAST_KEYS = {
  email: {
    added: 'profile.contact.toast.emailAdded',
    updated: 'profile.contact.toast.emailUpdated',
    verified: 'profile.contact.toast.emailVerified',
    deleted: 'profile.contact.toast.emailDeleted',
    primary: 'profile.contact.toast.emailPrimary',
  },
  phone: {
    added: 'profile.contact.toast.phoneAdded',
    updated: 'profile.contact.toast.phoneUpdated',
    verified: 'profile.contact.toast.phoneVerified',
    deleted: 'profile.contact.toast.phoneDeleted',
    primary: 'profile.contact.toast.phonePrimary',
  },
} as const;

// Adding an address, or changing one to a new address, needs a step-up (docs/decisions/0013): the
// form opens only with a live grant, else the user steps up and comes back to /profile with the
// form open (?add=email, ?change=phone&id=12), what they had typed put back. Deleting one needs a
// step-up too: a refused delete steps up and comes back with its confirmation open (?remove=…).

/** The profile URL that opens the add form (id null) or the change form of a contact. */
function formPath(kind: ContactKind, contactId: number | null): string {
  const query: Record<string, string> =
    contactId === null ? { add: kind } : { change: kind, id: String(contactId) };
  return `${PATHS.profile}?${new URLSearchParams(query)}`;
}

/** The profile URL that opens the delete confirmation of a contact. */
function removePath(kind: ContactKind, contactId: number): string {
  return `${PATHS.profile}?${new URLSearchParams({ remove: kind, id: String(contactId) })}`;
}

/** The contact whose delete confirmation the URL asks this section to open, else undefined. */
function requestedRemoval(params: URLSearchParams, kind: ContactKind): number | undefined {
  const id = Number(params.get('id'));
  return params.get('remove') === kind && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The form the URL asks this section to open: null to add, a contact id to change, else undefined. */
function requestedForm(params: URLSearchParams, kind: ContactKind): number | null | undefined {
  if (params.get('add') === kind) return null;
  const id = Number(params.get('id'));
  return params.get('change') === kind && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The draft key of the add (null) or change form of a contact kind. */
function draftForm(kind: ContactKind, contactId: number | null): string {
  return `profile:${kind}:${contactId ?? 'new'}`;
}

function contactsOf(user: User, kind: ContactKind): Contact[] {
  return kind === 'email'
    ? user.email.map((e) => ({ id: e.id, value: e.email, default: e.default, verified: e.verified }))
    : user.phone.map((p) => ({ id: p.id, value: p.phone, default: p.default, verified: p.verified }));
}

/** E-mails or phones of the user (SPEC §3, §4, §5): primary first, add, change, verify, delete. */
export function ContactSection({ user, kind }: { user: User; kind: ContactKind }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const setUser = useSetUser();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const contacts = contactsOf(user, kind);
  // Back from a step-up: the form it was for, open, with what had been typed.
  const [requested] = useState(() => {
    const form = requestedForm(params, kind);
    return form === null || contacts.some((c) => c.id === form && !c.default) ? form : undefined;
  });
  const [mode, setMode] = useState<Mode>(() => {
    const removal = requestedRemoval(params, kind);
    if (removal !== undefined && contacts.some((c) => c.id === removal && !c.default))
      return { step: 'delete', id: removal };
    return requested === undefined ? { step: 'idle' } : { step: 'enter', id: requested };
  });
  const noun = kind === 'email' ? 'email' : 'phone';
  // Messages are texts here, as the section's other messages.
  const schema = useMemo(
    () =>
      z.object({
        value: z.string().superRefine((typed, context) => {
          // A malformed address is told here, not sent (the server would answer the same 422).
          const malformed = typed.trim() ? contactInputError(kind, typed) : undefined;
          if (!typed.trim())
            context.addIssue({ code: 'custom', message: t(`profile.contact.required.${noun}`) });
          else if (malformed) context.addIssue({ code: 'custom', message: t(`errors.${malformed}`) });
        }),
      }),
    [t, kind, noun],
  );
  // The entry form (one open at a time): checked on submit, the message goes with the next keystroke.
  const entry = useForm<{ value: string }>({
    resolver: zodResolver(schema),
    defaultValues: {
      value: requested === undefined ? '' : (contactDraft.read(draftForm(kind, requested)) ?? ''),
    },
    reValidateMode: 'onSubmit',
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [elsewhere, setElsewhere] = useState<{ before: User; after: User } | null>(null);
  const sendCode = useMutation({
    mutationFn: ({ contactId, value }: { contactId: number | null; value: string }) =>
      contactId === null ? addContact(kind, value) : updateContact(kind, contactId, value),
  });
  const primary = useMutation({ mutationFn: (contactId: number) => makePrimary(kind, contactId) });
  const remove = useMutation({ mutationFn: (contactId: number) => deleteContact(kind, contactId) });
  const verify = useMutation({ mutationFn: (contactId: number) => verifyContact(kind, contactId) });
  const confirm = useMutation({
    mutationFn: ({ payload, code }: { payload: string; code: string }) => confirmContact(kind, payload, code),
  });
  const busy = sendCode.isPending || primary.isPending || remove.isPending;
  /** The form whose step-up is being checked (null: add), while the button says so. */
  const [opening, setOpening] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    if (params.get('add') !== kind && params.get('change') !== kind && params.get('remove') !== kind) return;
    // Used once: a reload or the back button does not open it again.
    contactDraft.clear();
    const next = new URLSearchParams(params);
    for (const key of ['add', 'change', 'remove', 'id']) next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams, kind]);
  const show = displayContact;

  /**
   * A 412: another browser changed the profile since this one read it. The list takes the current
   * contacts and the box says what changed; the user makes the change again if still wanted.
   */
  function takeChangedElsewhere(cause: unknown): boolean {
    const current = changedElsewhere(cause);
    if (!current) return false;
    setElsewhere({ before: user, after: current });
    setUser(current);
    setMode({ step: 'idle' });
    return true;
  }

  function explain(cause: unknown, contactId: number | null, fallback: string): Problem {
    if (cause instanceof ApiError && cause.code && cause.code in EXPLAINED)
      return {
        id: contactId,
        text: t(`errors.${cause.code}`),
        security: EXPLAINED[cause.code as keyof typeof EXPLAINED],
      };
    // A 429 or any other typed answer says what happened; only an unexplained failure is generic.
    const typed = cause instanceof ApiError && (cause.status === 429 || cause.code !== undefined);
    return { id: contactId, text: typed ? errorMessage(t, cause) : fallback, security: false };
  }

  function reset() {
    setMode({ step: 'idle' });
    entry.reset({ value: '' });
  }

  /** Through a step-up first, coming back to this form (with `typed` put back). */
  function stepUpFor(contactId: number | null, typed: string) {
    if (typed) contactDraft.save(draftForm(kind, contactId), typed);
    navigate(stepUpPath(formPath(kind, contactId)));
  }

  /** Opens the add (null) or change form when the session holds a step-up grant, else steps up. */
  async function openForm(contactId: number | null) {
    reset();
    setProblem(null);
    setOpening(contactId);
    let sudo = true;
    try {
      sudo = (await fetchMfaStatus()).sudo;
    } catch {
      // Unknown: open the form; the server answers 403 sudo_required if a step-up is needed.
    }
    setOpening(undefined);
    if (sudo) setMode({ step: 'enter', id: contactId });
    else stepUpFor(contactId, '');
  }

  async function run(
    contactId: number,
    action: () => Promise<{ data: User }>,
    success: string,
    fallback: string,
  ) {
    setProblem(null);
    setElsewhere(null);
    try {
      setUser((await action()).data);
      toast.show('success', success);
      reset();
    } catch (cause) {
      if (takeChangedElsewhere(cause)) return;
      // Only a delete needs a step-up here: through one, back to its confirmation.
      if (cause instanceof ApiError && cause.code === 'sudo_required' && mode.step === 'delete')
        navigate(stepUpPath(removePath(kind, contactId)));
      else setProblem(explain(cause, contactId, fallback));
    }
  }

  function startCode(contactId: number | null) {
    return entry.handleSubmit(async ({ value }) => {
      setProblem(null);
      setElsewhere(null);
      try {
        const challenge = await sendCode.mutateAsync({ contactId, value });
        if (challenge) setMode({ step: 'code', challenge, action: contactId === null ? 'added' : 'updated' });
        else reset();
      } catch (cause) {
        // Changed elsewhere: the form stays open with what was typed, on the current contacts.
        const current = changedElsewhere(cause);
        if (current) {
          setElsewhere({ before: user, after: current });
          setUser(current);
        }
        // The grant ran out (or a single one was used) since the form opened.
        else if (cause instanceof ApiError && cause.code === 'sudo_required') stepUpFor(contactId, value);
        else if (
          cause instanceof ApiError &&
          (cause.code === 'invalid_email' || cause.code === 'invalid_phone')
        )
          entry.setError('value', { message: t(`errors.${cause.code}`) });
        else setProblem(explain(cause, contactId, t('profile.contact.changeFailed')));
      }
    });
  }

  /** Asks before deleting, unless the server would refuse: then says why at once. */
  async function askDelete(contact: Contact) {
    reset();
    setProblem(null);
    let refused = false;
    try {
      refused = await contactBacksMfa(kind, contact.value);
    } catch {
      // Unknown: ask; the server still refuses with the same explanation after the confirmation.
    }
    if (refused)
      setProblem({
        id: contact.id,
        text: t('errors.contact_used_by_mfa'),
        security: EXPLAINED.contact_used_by_mfa,
      });
    else setMode({ step: 'delete', id: contact.id });
  }

  async function startVerify(contactId: number) {
    setProblem(null);
    try {
      const challenge = await verify.mutateAsync(contactId);
      if (challenge) setMode({ step: 'code', challenge, action: 'verified' });
    } catch (cause) {
      if (takeChangedElsewhere(cause)) return;
      setProblem(explain(cause, contactId, t('profile.contact.changeFailed')));
    }
  }

  /** The dialog closes on either answer: a refusal shows under the contact. */
  async function confirmDelete(contact: Contact) {
    await run(
      contact.id,
      () => remove.mutateAsync(contact.id),
      t(toastKey('deleted')),
      t('profile.contact.deleteFailed'),
    );
    setMode({ step: 'idle' });
  }

  const deleting = mode.step === 'delete' ? contacts.find((c) => c.id === mode.id) : undefined;

  const toastKey = (action: keyof (typeof TOAST_KEYS)['email']) => TOAST_KEYS[kind][action];

  // Escape closes the open form (entry or code) as Cancel does; the focus goes to the list's heading.
  const closeOnEscapeKey = closeOnEscape(reset, () => document.getElementById(`${id}-title`));

  // The form opens on the user's request: focus follows it (after the render, which also works where
  // autoFocus would be left to the browser's page-load autofocus).
  const entryOpen = mode.step === 'enter' ? String(mode.id) : undefined;
  const { setFocus } = entry;
  useEffect(() => {
    if (entryOpen !== undefined) setFocus('value');
  }, [entryOpen, setFocus]);

  function entryForm(contactId: number | null) {
    return (
      <form
        className={`${styles.panel} ${styles.form}`}
        noValidate
        onSubmit={startCode(contactId)}
        onKeyDown={closeOnEscapeKey}
      >
        <Field
          id={`${id}-value`}
          label={t(`profile.contact.new${kind === 'email' ? 'Email' : 'Phone'}`)}
          hint={t(`profile.contact.${noun}Hint`)}
          error={entry.formState.errors.value?.message}
          announce
        >
          {(control) => (
            <input
              {...control}
              className={styles.input}
              type={kind === 'email' ? 'email' : 'tel'}
              inputMode={kind === 'email' ? 'email' : 'tel'}
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              {...entry.register('value', { onChange: () => entry.clearErrors('value') })}
            />
          )}
        </Field>
        <FormButtons
          busy={busy}
          label={t('profile.contact.sendCode')}
          busyLabel={t('profile.contact.sending')}
          onCancel={reset}
        />
      </form>
    );
  }

  const problemBox = (p: Problem) => (
    <div className={styles.formError} role="alert">
      <span>{p.text}</span>
      {p.security && <Link to={LINKED_PATHS.security}>{t('profile.contact.securityLink')}</Link>}
    </div>
  );

  const codeForm =
    mode.step === 'code' ? (
      <CodeForm
        challenge={mode.challenge}
        onCancel={reset}
        onKeyDown={closeOnEscapeKey}
        otherError={(cause) => explain(cause, null, t('profile.contact.changeFailed')).text}
        confirm={async (code) => {
          const answer = await confirm.mutateAsync({ payload: mode.challenge.payload, code });
          // SPEC §4 Fuzzion: the address is another account's; the merge screens take over.
          if ('fuzzion' in answer) {
            navigate(mergeScreenPath(answer));
            return;
          }
          setUser(answer.data);
          toast.show('success', t(toastKey(mode.action)));
          reset();
        }}
      />
    ) : null;

  return (
    <section className={styles.form} aria-labelledby={`${id}-title`} data-contacts={kind}>
      <h3 id={`${id}-title`} className={styles.subTitle} tabIndex={-1}>
        {t(kind === 'email' ? 'profile.contact.emails' : 'profile.contact.phones')}
      </h3>
      <ul className={styles.contacts}>
        {contacts.map((contact) => (
          <li key={contact.id} className={styles.contact} data-contact={contact.value}>
            <div className={styles.contactRow}>
              <span className={styles.contactValue}>
                <span>
                  <KeptValue>{show(contact.value)}</KeptValue>
                </span>
                <span className={styles.badges}>
                  {contact.default && <span className={styles.badge}>{t('profile.contact.primary')}</span>}
                  {contact.verified ? (
                    <span className={styles.badgeVerified}>{t('profile.contact.verified')}</span>
                  ) : (
                    <span className={styles.badgeWarning}>{t('profile.contact.unverified')}</span>
                  )}
                </span>
              </span>
              {!contact.default && (
                // biome-ignore lint/a11y/useSemanticElements: a group of buttons named for its contact, not a form.
                <div
                  className={styles.actions}
                  role="group"
                  aria-label={t('profile.contact.actionsFor', { value: show(contact.value) })}
                >
                  {contact.verified ? (
                    <button
                      type="button"
                      className={styles.small}
                      disabled={busy}
                      onClick={() =>
                        run(
                          contact.id,
                          () => primary.mutateAsync(contact.id),
                          t(toastKey('primary')),
                          t('profile.contact.changeFailed'),
                        )
                      }
                    >
                      {t('profile.contact.makePrimary')}
                    </button>
                  ) : (
                    <button type="button" className={styles.small} onClick={() => startVerify(contact.id)}>
                      {t('profile.contact.verify')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={styles.small}
                    disabled={opening !== undefined}
                    aria-busy={opening === contact.id || undefined}
                    onClick={() => void openForm(contact.id)}
                  >
                    {opening === contact.id ? t('profile.contact.opening') : t('profile.contact.update')}
                  </button>
                  <button type="button" className={styles.danger} onClick={() => void askDelete(contact)}>
                    {t('profile.contact.delete')}
                  </button>
                </div>
              )}
            </div>
            {problem?.id === contact.id && problemBox(problem)}
            {mode.step === 'enter' && mode.id === contact.id && entryForm(contact.id)}
          </li>
        ))}
      </ul>
      {elsewhere && <ChangedElsewhere before={elsewhere.before} after={elsewhere.after} kept="contacts" />}
      {codeForm}
      {problem?.id === null && problemBox(problem)}
      <ConfirmDialog
        open={deleting !== undefined}
        title={
          <KeptValues
            text="profile.contact.confirmDelete"
            values={{ value: deleting ? show(deleting.value) : '' }}
            keep={['value']}
          />
        }
        confirmLabel={t('profile.contact.confirmDeleteYes')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={reset}
      >
        <p>{t(`profile.contact.deleteText.${noun}`)}</p>
      </ConfirmDialog>
      {mode.step === 'enter' && mode.id === null
        ? entryForm(null)
        : mode.step === 'idle' && (
            <button
              type="button"
              className={styles.secondary}
              disabled={opening !== undefined}
              aria-busy={opening === null || undefined}
              onClick={() => void openForm(null)}
            >
              {opening === null
                ? t('profile.contact.opening')
                : t(kind === 'email' ? 'profile.contact.addEmail' : 'profile.contact.addPhone')}
            </button>
          )}
    </section>
  );
}
