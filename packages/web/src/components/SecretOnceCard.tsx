import { type ReactNode, useId, useState } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Card } from './Card';
import styles from './Console.module.css';
import { Icon } from './Icon';

/** One value the card shows once: a client secret, a signing secret, a SCIM token or its URL. */
export interface SecretValue {
  value: string;
  /** Names the value's code element for the tests that read it. */
  testId: string;
  label?: string;
  /** The copy button's label, and what the live region says once copied. */
  copy?: { label: string; copied: string };
}

/**
 * A secret the API answers once: focused on arrival (so a screen reader reads it), with a copy
 * button per value, until the operator says they have it.
 */
export function SecretOnceCard({
  title,
  text,
  values,
  done,
  doneVariant,
  onDone,
  children,
}: {
  title: string;
  text: string;
  values: readonly SecretValue[];
  done: string;
  doneVariant?: ButtonVariant;
  onDone: () => void;
  /** What is not secret but goes with it, shown before the values (a client's id). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`} className={styles.secretCard}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={(node) => node?.focus()}>
        {title}
      </h2>
      <p>{text}</p>
      {children}
      {values.map((secret) => (
        <div key={secret.testId}>
          {secret.label && <span className={styles.muted}>{secret.label}</span>}
          <div className={styles.secretRow}>
            <code className={styles.secret} data-testid={secret.testId}>
              {secret.value}
            </code>
            {secret.copy && <CopyButton value={secret.value} {...secret.copy} />}
          </div>
        </div>
      ))}
      <div>
        <Button variant={doneVariant} onClick={onDone}>
          {done}
        </Button>
      </div>
    </Card>
  );
}

/** Copies a value, and says so to every user (a live region). */
function CopyButton({ value, label, copied }: { value: string; label: string; copied: string }) {
  const [done, setDone] = useState(false);
  return (
    <span className={styles.secretRow}>
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard
            ?.writeText(value)
            .then(() => setDone(true))
            .catch(() => undefined)
        }
      >
        <Icon name="copy" size={18} /> {label}
      </Button>
      <span role="status" className={styles.muted}>
        {done ? copied : ''}
      </span>
    </span>
  );
}
