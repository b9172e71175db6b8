// Captcha providers (SPEC §1: an explicit-render widget loaded on demand), shared by the API (its
// siteverify call and the CSP) and the SPA (the script it loads). All three speak the same
// siteverify protocol: POST form `secret`, `response`, `remoteip` → JSON `{ success, … }`.
// What each provider loads and calls is in captchaProviders.ts: the SPA's first page reads the
// names only (its configuration), the widget loads the rest.

export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Longest widget token accepted (Turnstile allows 2048 characters; others are shorter). */
export const CAPTCHA_TOKEN_MAX_LENGTH = 4096;
