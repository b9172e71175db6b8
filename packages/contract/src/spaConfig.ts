import { z } from 'zod';
import { CAPTCHA_PROVIDERS } from './captcha';
import { DEFAULT_LU_MARKER } from './editions';

/**
 * Start-up configuration the server injects into index.html, replacing SPA_CONFIG_PLACEHOLDER
 * with `<script id="vestibule-config" type="application/json">…</script>` (no inline script runs:
 * the SPA reads it as data, so a strict CSP stays intact).
 */
export const SPA_CONFIG_PLACEHOLDER = '<!--vestibule-config-->';
export const SPA_CONFIG_ELEMENT_ID = 'vestibule-config';

export const DEFAULT_TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** An origin: scheme and host (and port), nothing after. */
const ORIGIN_PATTERN = /^https?:\/\/[^/?#\s]+$/;

export const spaConfigSchema = z.object({
  luMarker: z.string().min(1).default(DEFAULT_LU_MARKER),
  tagManagerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .nullable()
    .default(null),
  /** Where the tag manager's script comes from (TAG_MANAGER_URL): Google's unless the operator proxies it. */
  tagManagerOrigin: z.string().regex(ORIGIN_PATTERN).default(DEFAULT_TAG_MANAGER_ORIGIN),
  maintenance: z.boolean().default(false),
  /** Whether the pseudo-locale may be chosen, for layout checks (decision 0083): never in production. */
  pseudoLocale: z.boolean().default(false),
  /** The captcha widget to load on demand, or null when no provider is configured. */
  captcha: z
    .object({ provider: z.enum(CAPTCHA_PROVIDERS), siteKey: z.string().min(1) })
    .nullable()
    .default(null),
  /** The operator of the request's edition, for the footer: legal entity and support contact. */
  operator: z
    .object({
      company: z.string().min(1),
      address: z.string().min(1),
      registration: z.string().min(1),
      supportEmail: z.string().min(1),
      supportPhone: z.string().min(1),
    })
    .nullable()
    .default(null),
  /** Error reports of the SPA (SENTRY_DSN_WEB), or null: the reporter is then never loaded. */
  errorReporting: z
    .object({
      dsn: z.url({ protocol: /^https?$/ }),
      environment: z.string().min(1),
      release: z.string().min(1),
      tracesSampleRate: z.number().min(0).max(1),
      replaysSampleRate: z.number().min(0).max(1),
    })
    .nullable()
    .default(null),
});
export type SpaConfig = z.infer<typeof spaConfigSchema>;
