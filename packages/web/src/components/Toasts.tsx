import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../i18n/react';
import styles from './Toasts.module.css';

export type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Page changes since it was shown: it may announce the page it leads to, not the ones after. */
  pages: number;
}

/** Calls `listener` at each change of page; returns the unsubscribe function. */
export type PageChanges = (listener: () => void) => () => void;

interface ToastApi {
  /**
   * Shows a translated message in place of the one on screen (toasts never pile up); it leaves
   * on its own, an error after longer so there is time to read it, or when closed.
   */
  show: (kind: ToastKind, message: string) => void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

/** How long a toast stays, by kind (an error says more and matters more). */
const TIMEOUT_MS: Record<ToastKind, number> = { success: 6000, error: 10_000 };

export function ToastProvider({ children, pageChanges }: { children: ReactNode; pageChanges?: PageChanges }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts([{ id, kind, message, pages: 0 }]);
      window.setTimeout(() => dismiss(id), TIMEOUT_MS[kind]);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  // "Identity confirmed." belongs with the page the step-up opened, not with the ones after it.
  useEffect(
    () =>
      pageChanges?.(() =>
        setToasts((all) =>
          all.map((toast) => ({ ...toast, pages: toast.pages + 1 })).filter((toast) => toast.pages < 2),
        ),
      ),
    [pageChanges],
  );

  const region = (kind: ToastKind) => (
    // Live regions exist before any toast so that screen readers announce what is added.
    <div
      className={styles.region}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
    >
      {toasts
        .filter((toast) => toast.kind === kind)
        .map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`}>
            <span className={styles.icon} aria-hidden="true">
              {toast.kind === 'success' ? '✓' : '!'}
            </span>
            <p className={styles.message}>{toast.message}</p>
            <button type="button" className={styles.close} onClick={() => dismiss(toast.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('common.close')}</span>
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={styles.viewport} aria-label={t('common.notifications')}>
        {region('error')}
        {region('success')}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
