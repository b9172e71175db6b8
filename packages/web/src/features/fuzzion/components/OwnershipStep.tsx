import { zodResolver } from '@hookform/resolvers/zod';
import { parseCardNumber } from '@vestibule/contract/card-number';
import type { FuzzionOwnershipRequest } from '@vestibule/contract/schemas/fuzzion';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CapsLockNotice } from '../../../components/CapsLockNotice';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { useAnswerOwnership } from '../api/answerOwnership';
import styles from '../styles';
import type { StepProps } from './StepProps';

type Proof = 'card' | 'client_area' | 'employee_area';
interface Fields {
  proof: Proof;
  card: string;
  password: string;
}

/** The field a proof is typed in. */
function fieldOf(proof: Proof): 'card' | 'password' {
  return proof === 'card' ? 'card' : 'password';
}

/** Step 2: "not me", or a card number or a platform password of the other account. */
export function OwnershipStep({ flow, onDone, onFatal }: StepProps) {
  const { t } = useTranslation();
  const id = useId();
  const answer = useAnswerOwnership();
  const proofs: Proof[] = ['card', ...flow.platforms];
  // Messages are texts here: a 429 from the server adds its wait to the sentence.
  const schema = useMemo(
    () =>
      z
        .object({
          proof: z.enum(['card', 'client_area', 'employee_area']),
          card: z.string(),
          password: z.string(),
        })
        .superRefine(({ proof, card, password }, context) => {
          const path = [fieldOf(proof)];
          if (!(proof === 'card' ? card : password))
            context.addIssue({ code: 'custom', path, message: t('fuzzion.ownership.required') });
          // The format and check digit are checked here first, with the same rule as the server's.
          else if (proof === 'card' && !parseCardNumber(card))
            context.addIssue({ code: 'custom', path, message: t('errors.invalid_card_number') });
        }),
    [t],
  );
  // Checked on submit; the message goes with the next keystroke or another choice of proof.
  const { register, handleSubmit, setError, clearErrors, setValue, control, formState } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: { proof: 'card', card: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const proof = useWatch({ control, name: 'proof' });
  const field = fieldOf(proof);
  const error = formState.errors[field]?.message;

  const submit = async (body: FuzzionOwnershipRequest) => {
    try {
      await answer.mutateAsync(body);
      onDone();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'fuzzion_invalid')
        setError(field, { message: t('fuzzion.errors.invalid') });
      else if (cause instanceof ApiError && cause.code === 'validation_failed')
        setError(field, { message: t('fuzzion.errors.invalid') });
      else if (cause instanceof ApiError && cause.status === 429)
        setError(field, { message: errorMessage(t, cause) });
      else onFatal();
    }
  };

  const onSubmit = handleSubmit(({ proof: chosen, card, password }) =>
    submit(
      chosen === 'card'
        ? { payload: flow.payload, answer: 'card', card: parseCardNumber(card) ?? card }
        : { payload: flow.payload, answer: 'password', platform: chosen, password },
    ),
  );

  const labels: Record<Proof, string> = {
    card: t('fuzzion.ownership.card'),
    client_area: t('fuzzion.ownership.passwordClient'),
    employee_area: t('fuzzion.ownership.passwordEmployee'),
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{t('fuzzion.ownership.intro')}</p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('fuzzion.ownership.legend')}</legend>
        {proofs.map((option) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              value={option}
              {...register('proof', {
                // Another proof starts empty, without the message about the last one.
                onChange: () => {
                  setValue('card', '');
                  setValue('password', '');
                  clearErrors(['card', 'password']);
                },
              })}
            />
            {labels[option]}
          </label>
        ))}
      </fieldset>
      <Field
        id={id}
        label={t(proof === 'card' ? 'fuzzion.ownership.cardLabel' : 'fuzzion.ownership.passwordLabel')}
        hint={proof === 'card' ? t('fuzzion.ownership.cardHint') : undefined}
        error={error}
      >
        {(control) => (
          <>
            <input
              // A card number and a password are two fields (and names) of the form.
              key={field}
              {...control}
              className={styles.input}
              type={proof === 'card' ? 'text' : 'password'}
              inputMode={proof === 'card' ? 'numeric' : undefined}
              autoComplete={proof === 'card' ? 'off' : 'current-password'}
              {...register(field, { onChange: () => clearErrors(field) })}
            />
            {proof !== 'card' && <CapsLockNotice inputId={id} />}
          </>
        )}
      </Field>
      <button
        type="submit"
        className={styles.submit}
        disabled={answer.isPending}
        aria-busy={answer.isPending}
      >
        {answer.isPending && <span className={styles.spinner} aria-hidden="true" />}
        {t(answer.isPending ? 'fuzzion.ownership.submitting' : 'fuzzion.ownership.submit')}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={answer.isPending}
        onClick={() => void submit({ payload: flow.payload, answer: 'not_me' })}
      >
        {t('fuzzion.ownership.notMe')}
      </button>
    </form>
  );
}
