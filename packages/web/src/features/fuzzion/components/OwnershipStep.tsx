import { parseCardNumber } from '@vestibule/contract/card-number';
import type { FuzzionOwnershipRequest, FuzzionState } from '@vestibule/contract/schemas/fuzzion';
import { useId, useState } from 'react';
import { CapsLockNotice } from '../../../components/CapsLockNotice';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { useAnswerOwnership } from '../api/answerOwnership';
import styles from '../styles';

type Proof = 'card' | 'client_area' | 'employee_area';

/** Step 2: "not me", or a card number or a platform password of the other account. */
export function OwnershipStep({
  flow,
  onDone,
  onFatal,
}: {
  flow: FuzzionState;
  onDone: () => void;
  onFatal: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const answer = useAnswerOwnership();
  const proofs: Proof[] = ['card', ...flow.platforms];
  const [proof, setProof] = useState<Proof>('card');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: FuzzionOwnershipRequest) => {
    try {
      await answer.mutateAsync(body);
      onDone();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'fuzzion_invalid')
        setError(t('fuzzion.errors.invalid'));
      else if (cause instanceof ApiError && cause.code === 'validation_failed')
        setError(t('fuzzion.errors.invalid'));
      else if (cause instanceof ApiError && cause.status === 429) setError(errorMessage(t, cause));
      else onFatal();
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!value) return setError(t('fuzzion.ownership.required'));
    // The format and check digit are checked here first, with the same rule as the server's.
    const card = proof === 'card' ? parseCardNumber(value) : undefined;
    if (proof === 'card' && !card) return setError(t('errors.invalid_card_number'));
    void submit(
      proof === 'card'
        ? { payload: flow.payload, answer: 'card', card: card ?? value }
        : { payload: flow.payload, answer: 'password', platform: proof, password: value },
    );
  };

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
              name="proof"
              value={option}
              checked={proof === option}
              onChange={() => {
                setProof(option);
                setValue('');
                setError(null);
              }}
            />
            {labels[option]}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t(proof === 'card' ? 'fuzzion.ownership.cardLabel' : 'fuzzion.ownership.passwordLabel')}
        </label>
        {proof === 'card' && (
          <p id={`${id}-hint`} className={styles.hint}>
            {t('fuzzion.ownership.cardHint')}
          </p>
        )}
        <input
          id={id}
          name={proof === 'card' ? 'card' : 'password'}
          className={styles.input}
          type={proof === 'card' ? 'text' : 'password'}
          inputMode={proof === 'card' ? 'numeric' : undefined}
          autoComplete={proof === 'card' ? 'off' : 'current-password'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [proof === 'card' ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined
          }
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {proof !== 'card' && <CapsLockNotice inputId={id} />}
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
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
