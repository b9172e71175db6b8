import { useId } from 'react';
import styles from './Stepper.module.css';

interface StepperProps {
  /** 1-based: the step the user is on. */
  current: number;
  total: number;
  /** The translated "Step 2 of 6". */
  label: string;
}

/** Where the user is in a multi-step flow: the counter, and a bar per step (done ones filled). */
export function Stepper({ current, total, label }: StepperProps) {
  const id = useId();
  return (
    <div className={styles.stepper}>
      <p className={styles.label} id={`${id}-label`}>
        {label}
      </p>
      <ol className={styles.bars} aria-labelledby={`${id}-label`}>
        {Array.from({ length: total }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, never reordered.
          <li key={index} data-done={index < current} />
        ))}
      </ol>
    </div>
  );
}
