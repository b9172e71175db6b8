import type { CaptchaProvider } from '@vestibule/contract/captcha';
import { CAPTCHA_PROVIDER_DATA } from '@vestibule/contract/captchaProviders';

/** What Turnstile, hCaptcha and reCAPTCHA have in common in explicit-render mode. */
export interface CaptchaWidgets {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  remove?(id: string | number): void;
}

const ONLOAD_CALLBACK = 'vestibuleCaptchaLoaded';
let loading: Promise<CaptchaWidgets> | undefined;

/**
 * Loads the provider's script once, on demand (SPEC §1: explicit render), and answers its widget
 * API when the script calls back. Only called when a provider is configured; the CSP names it then.
 */
export function loadCaptcha(provider: CaptchaProvider): Promise<CaptchaWidgets> {
  if (loading) return loading;
  const attempt = new Promise<CaptchaWidgets>((resolve, reject) => {
    const data = CAPTCHA_PROVIDER_DATA[provider];
    const scope = window as unknown as Record<string, unknown>;
    scope[ONLOAD_CALLBACK] = () => resolve(scope[data.globalName] as CaptchaWidgets);
    const script = document.createElement('script');
    script.src = `${data.scriptUrl}&onload=${ONLOAD_CALLBACK}`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('the captcha script could not load'));
    };
    document.head.append(script);
  });
  loading = attempt;
  // A failed load may be tried again by the next widget.
  attempt.catch(() => {
    if (loading === attempt) loading = undefined;
  });
  return attempt;
}
