import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import { mfaChangeNeedsStepUp, normaliseMfaTarget } from '@vestibule/contract/mfa-step-up';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import styles from '../../../components/CodeCard.module.css';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { contactDraft } from '../../../lib/contactDraft';
import { contactInputError } from '../../../lib/contactInput';
import { displayContact } from '../../../lib/displayContact';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { mergeScreenPath } from '../../../lib/mergeOffer';
import { fetchMfaStatus, stepUpAgainPath } from '../../../lib/stepUp';
import { sessionValue } from '../../../lib/storage';
import { useCodeForm } from '../../../lib/useCodeForm';
import { resendAtFrom } from '../../../lib/useCountdown';
import { useUser } from '../../../lib/user';
import { redirectPath } from '../afterSuccess';
import { useConfirmActivation, useStartActivation } from '../api/activateMethod';
import { fetchMethods, useMethods } from '../api/listMethods';
import { useResendCode } from '../api/resendCode';
import { MfaCodeField, type MfaCodeMessage, mfaCodeSchema } from '../components/CodeField';
import { ResendLink } from '../components/ResendLink';
import { SetupLeaveLink } from '../components/SetupLeaveLink';
import { SetupSubmit } from '../components/SetupSubmit';
import { nextSetupStep } from '../setupSteps';

type ContactKind = 'sms' | 'email';
const PLACEHOLDER: Record<ContactKind, number> = { sms: -1, email: -2 };

/** Errors of the target itself, shown under the field. */
const TARGET_ERRORS = [
  'invalid_phone',
  'invalid_email',
  'phone-duplicated',
  'email-duplicated',
  'sms-duplicated',
  'validation_failed',
];

/** The draft key of this setup screen (a new method, or the edit of method `editId`). */
function draftForm(kind: ContactKind, editId: number | undefined): string {
  return `setup:${kind}:${editId ?? 'new'}`;
}

interface Sent {
  payload: string;
  target: string;
  resendAt: number | null;
}

/** /setup-mfa/phone and /setup-mfa/email: a number or address, then its 8-digit code. */
export function SetupContactRoute({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) > 0 ? Number(params.get('edit')) : undefined;
  const user = useUser();
  const primary =
    kind === 'sms'
      ? (user.data?.phone.find((p) => p.default)?.phone ?? '')
      : (user.data?.email.find((e) => e.default)?.email ?? '');
  const [draft] = useState(() => contactDraft.read(draftForm(kind, editId)));
  const [sent, setSent] = useState<Sent | null>(null);
  const {
    code,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useCodeForm(mfaCodeSchema(kind, MESSAGE_CODE_LENGTH));
  const [resent, setResent] = useState(false);
  const resend = useResendCode(false);
  const [finishing, setFinishing] = useState(false);
  const start = useStartActivation();
  const confirm = useConfirmActivation();
  // The primary is offered only while no method of this kind sends to it: adding a second phone
  // must not start from the number that already has one.
  const methods = useMethods();
  const primaryTaken = (methods.data ?? []).some(
    (m) => m.method === kind && m.target !== null && m.target === primary,
  );
  // Until the user types, the field shows the draft kept over a step-up, else the primary it offers.
  const offered = draft ?? (editId || primaryTaken || methods.isPending ? '' : primary);
  // Read-only until the offer is known: typing into it while it arrives would mix the two values.
  const offerPending = !draft && !editId && methods.isPending;
  // Messages are texts here: the server's refusals of a target are worded by errorMessage.
  const schema = useMemo(
    () =>
      z.object({
        target: z.string().superRefine((typed, context) => {
          // A malformed address is told here, not sent (the server would answer the same 422).
          const malformed = typed.trim()
            ? contactInputError(kind === 'sms' ? 'phone' : 'email', typed)
            : undefined;
          if (!typed.trim())
            context.addIssue({
              code: 'custom',
              message: t(
                kind === 'sms' ? 'mfa.setup.contact.requiredSms' : 'mfa.setup.contact.requiredEmail',
              ),
            });
          else if (malformed) context.addIssue({ code: 'custom', message: t(`errors.${malformed}`) });
        }),
      }),
    [t, kind],
  );
  // Checked on submit, the message goes with the next keystroke; a field not typed in follows `offered`.
  const targetForm = useForm<{ target: string }>({
    resolver: zodResolver(schema),
    values: { target: offered },
    resetOptions: { keepDirtyValues: true, keepErrors: true },
    reValidateMode: 'onSubmit',
  });
  const targetError = targetForm.formState.errors.target?.message;

  const goOn = async () => {
    setFinishing(true);
    const redirect = params.get('redirect');
    const to = redirect
      ? redirectPath(redirect, { action: null, targetMfaId: null }, window.location.origin)
      : undefined;
    navigate(to ?? nextSetupStep(await fetchMethods()), { replace: true });
  };

  /**
   * Whether the server would refuse this target for want of a step-up (the contract's rule, the
   * one its guard applies) and the session holds none; unknown: let it judge. A forced account is
   * left to the server, which alone knows whether its setup session is still restricted.
   */
  const stepUpFirst = async (typed: string) => {
    try {
      const [status, methods] = await Promise.all([fetchMfaStatus(), fetchMethods()]);
      const proven =
        kind === 'sms'
          ? (user.data?.phone ?? []).filter((phone) => phone.verified).map((phone) => phone.phone)
          : (user.data?.email ?? []).filter((email) => email.verified).map((email) => email.email);
      const needed = mfaChangeNeedsStepUp({
        forcedSetup: user.data?.mfa_forced === true || sessionValue('mfaForced') !== null,
        methods,
        provenAddresses: proven,
        change: { kind, target: normaliseMfaTarget(kind, typed, currentEdition().phoneRegion) },
      });
      return needed && !status.sudo;
    } catch {
      return false;
    }
  };

  const onSend = targetForm.handleSubmit(async ({ target: value }) => {
    // A step-up the server would ask for is taken first, without sending: back here with the
    // address kept, and the code goes out then (the effect below).
    if (await stepUpFirst(value.trim())) {
      contactDraft.save(draftForm(kind, editId), value.trim());
      navigate(stepUpAgainPath());
      return;
    }
    try {
      const answer = await start.mutateAsync({
        id: editId ?? PLACEHOLDER[kind],
        target: value.trim(),
        edit: editId !== undefined,
      });
      if (!answer) {
        toast.show('success', t('mfa.setup.contact.alreadySet'));
        await goOn();
        return;
      }
      if (answer.data.method === 'totp') return;
      setSent({
        payload: answer.payload,
        target: answer.data.target,
        resendAt: Date.now() + answer.data.resend_in * 1000,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sudo_required') {
        // A new address needs a step-up, also as the first method: back here with it typed.
        contactDraft.save(draftForm(kind, editId), value.trim());
        navigate(stepUpAgainPath());
      } else if (error instanceof ApiError && error.code && TARGET_ERRORS.includes(error.code))
        targetForm.setError('target', { message: errorMessage(t, error) });
    }
  });

  // Back from the step-up a send asked for, with the address kept as a draft: send the code at
  // once instead of asking for the same click again (the draft is read once, then cleared).
  const resumed = useRef(false);
  useEffect(() => {
    if (draft === null || resumed.current) return;
    resumed.current = true;
    contactDraft.clear();
    // Only when the step-up was made: a user who cancelled it sees the form, not another step-up.
    void fetchMfaStatus().then(
      (status) => (status.sudo ? onSend() : undefined),
      () => undefined,
    );
  });

  const onConfirm = handleSubmit(async ({ code: typed }) => {
    if (!sent) return;
    try {
      const result = await confirm.mutateAsync({ payload: sent.payload, code: typed });
      // SPEC §4 Fuzzion: the proven contact is another account's; the merge screens take over.
      if (result.fuzzion) {
        navigate(mergeScreenPath(result));
        return;
      }
      toast.show('success', t(editId ? 'mfa.setup.contact.edited' : 'mfa.setup.contact.added'));
      await goOn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_code')
        setError('code', { message: 'errors.invalid_code' });
    }
  });

  const onResend = async () => {
    if (!sent) return;
    setResent(false);
    try {
      const answer = await resend.mutateAsync(sent.payload);
      setSent({ ...sent, resendAt: resendAtFrom(answer.resend_in) });
      // A new code: the error about the last one is gone with it.
      clearErrors('code');
      confirm.reset();
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.retryAfterSeconds)
        setSent({ ...sent, resendAt: Date.now() + error.retryAfterSeconds * 1000 });
    }
  };

  const title = editId
    ? kind === 'sms'
      ? 'mfa.setup.contact.titleEditSms'
      : 'mfa.setup.contact.titleEditEmail'
    : kind === 'sms'
      ? 'mfa.setup.contact.titleSms'
      : 'mfa.setup.contact.titleEmail';
  const startError =
    start.error instanceof ApiError &&
    (TARGET_ERRORS.includes(start.error.code ?? '') || start.error.code === 'sudo_required')
      ? null
      : start.error;
  const confirmError =
    confirm.error instanceof ApiError && confirm.error.code === 'invalid_code' ? null : confirm.error;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t(title)}</h1>
        {!sent ? (
          <form
            className={styles.form}
            onSubmit={(event) => void onSend(event)}
            noValidate
            aria-busy={start.isPending}
          >
            <p className={styles.intro}>
              {t(kind === 'sms' ? 'mfa.setup.contact.introSms' : 'mfa.setup.contact.introEmail')}
            </p>
            <Field
              id={`${id}-target`}
              label={t(kind === 'sms' ? 'mfa.setup.contact.phone' : 'mfa.setup.contact.email')}
              hint={kind === 'sms' ? t('mfa.setup.contact.phoneHint') : undefined}
              error={targetError}
            >
              {(control) => (
                <input
                  {...control}
                  type={kind === 'sms' ? 'tel' : 'email'}
                  inputMode={kind === 'sms' ? 'tel' : 'email'}
                  autoComplete={kind === 'sms' ? 'tel' : 'email'}
                  spellCheck={false}
                  readOnly={offerPending}
                  {...targetForm.register('target', { onChange: () => targetForm.clearErrors('target') })}
                />
              )}
            </Field>
            <SetupSubmit error={startError} busy={start.isPending || finishing}>
              {t(start.isPending ? 'mfa.setup.contact.sending' : 'mfa.setup.contact.send')}
            </SetupSubmit>
          </form>
        ) : (
          <>
            <form
              className={styles.form}
              onSubmit={(event) => void onConfirm(event)}
              noValidate
              aria-busy={confirm.isPending}
            >
              <p className={styles.intro}>
                <KeptValues
                  text={
                    kind === 'sms' ? 'mfa.setup.contact.codeIntroSms' : 'mfa.setup.contact.codeIntroEmail'
                  }
                  values={{ target: displayContact(sent.target) }}
                  keep={['target']}
                />
              </p>
              <MfaCodeField
                id={`${id}-code`}
                method={kind}
                length={MESSAGE_CODE_LENGTH}
                error={errors.code?.message as MfaCodeMessage | undefined}
                {...code}
              />
              <SetupSubmit error={confirmError} busy={confirm.isPending || finishing}>
                {t(confirm.isPending ? 'mfa.code.submitting' : 'mfa.code.submit')}
              </SetupSubmit>
            </form>
            <ResendLink
              resendAt={sent.resendAt}
              pending={resend.isPending}
              resent={resent}
              onResend={() => void onResend()}
            />
            <ul className={styles.links}>
              <li>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    setSent(null);
                    reset();
                  }}
                >
                  {t('mfa.setup.contact.changeTarget')}
                </button>
              </li>
            </ul>
          </>
        )}
        <SetupLeaveLink />
      </section>
    </div>
  );
}
