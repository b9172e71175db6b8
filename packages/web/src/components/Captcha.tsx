import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { type CaptchaWidgets, loadCaptcha } from '../lib/captcha';
import { appConfig } from '../lib/config';
import { useClientValue } from '../lib/useClientValue';
import styles from './Captcha.module.css';

/** Whether forms must carry a captcha token (a provider is configured). */
export function captchaEnabled(): boolean {
  return appConfig().captcha !== null;
}

interface CaptchaProps {
  /** The token once solved; null when it expires, fails or is reset. */
  onToken: (token: string | null) => void;
  /** Change it to reset the widget (a token is good for one request). */
  resetSignal: number;
}

/** The configured captcha widget, rendered explicitly; nothing at all when none is configured. */
export function Captcha({ onToken, resetSignal }: CaptchaProps) {
  const { t, i18n } = useTranslation();
  // The pre-rendered pages know no configuration: the widget appears once the page has hydrated.
  const config = useClientValue(() => appConfig().captcha, null);
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ id: string | number; widgets: CaptchaWidgets } | null>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!config || !container.current) return;
    let cancelled = false;
    const element = container.current;
    loadCaptcha(config.provider)
      .then((widgets) => {
        if (cancelled) return;
        const id = widgets.render(element, {
          sitekey: config.siteKey,
          callback: (token: string) => callback.current(token),
          'expired-callback': () => callback.current(null),
          'error-callback': () => callback.current(null),
          // Turnstile reads `language`, hCaptcha `hl`; each ignores the other.
          language: i18n.language.slice(0, 2),
          hl: i18n.language.slice(0, 2),
        });
        widget.current = { id, widgets };
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (widget.current) widget.current.widgets.remove?.(widget.current.id);
      widget.current = null;
      element.replaceChildren();
    };
  }, [config, i18n.language]);

  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    widget.current.widgets.reset(widget.current.id);
    callback.current(null);
  }, [resetSignal]);

  if (!config) return null;
  return (
    <fieldset className={styles.captcha}>
      <legend className="visually-hidden">{t('captcha.label')}</legend>
      <div ref={container} />
      {failed && (
        <p role="alert" className={styles.error}>
          {t('captcha.loadError')}
        </p>
      )}
    </fieldset>
  );
}
