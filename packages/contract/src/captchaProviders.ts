import type { CaptchaProvider } from './captcha';

// Each captcha provider's script, siteverify endpoint and CSP origins (captcha.ts names them):
// the API's siteverify call and CSP, and the SPA's widget, which loads with the first captcha.

export interface CaptchaProviderData {
  /** Script of the widget in explicit-render mode; `onload` names the global callback. */
  scriptUrl: string;
  /** Global object the script defines, with `render(element, options)`, `reset(id)`, `remove(id)`. */
  globalName: 'turnstile' | 'hcaptcha' | 'grecaptcha';
  /** Default server-side verification endpoint. */
  verifyUrl: string;
  /** Origins the CSP must allow, by directive, when this provider is configured. */
  csp: {
    script: readonly string[];
    frame: readonly string[];
    connect: readonly string[];
    style: readonly string[];
  };
}

export const CAPTCHA_PROVIDER_DATA: Record<CaptchaProvider, CaptchaProviderData> = {
  // https://developers.cloudflare.com/turnstile/reference/content-security-policy/
  turnstile: {
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    globalName: 'turnstile',
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    csp: {
      script: ['https://challenges.cloudflare.com'],
      frame: ['https://challenges.cloudflare.com'],
      connect: [],
      style: [],
    },
  },
  // https://docs.hcaptcha.com/#content-security-policy-settings
  hcaptcha: {
    scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    globalName: 'hcaptcha',
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    csp: {
      script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  },
  // https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
  recaptcha: {
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    globalName: 'grecaptcha',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    csp: {
      script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      connect: [],
      style: [],
    },
  },
};
