import { useScopeLabel } from '../scopes';
import styles from './ScopeList.module.css';

/** The scopes of a request or a grant, each with its translated label and a check mark. */
export function ScopeList({ scopes, labelledBy }: { scopes: readonly string[]; labelledBy?: string }) {
  const label = useScopeLabel();
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {scopes.map((scope) => (
        <li key={scope} className={styles.item} data-scope={scope}>
          <svg
            className={styles.mark}
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{label(scope)}</span>
        </li>
      ))}
    </ul>
  );
}
