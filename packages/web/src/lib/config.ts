import { CAPTCHA_PROVIDERS } from '@vestibule/contract/captcha';
import { DEFAULT_LU_MARKER } from '@vestibule/contract/editions';
import type { SpaConfig } from '@vestibule/contract/spaConfig';

/** `SPA_CONFIG_ELEMENT_ID` of contract/spaConfig.ts, whose module would bring zod along. */
const SPA_CONFIG_ELEMENT_ID = 'vestibule-config';
const DEFAULTS: SpaConfig = {
  luMarker: DEFAULT_LU_MARKER,
  tagManagerId: null,
  maintenance: false,
  captcha: null,
  errorReporting: null,
};

const isRate = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
const isText = (value: unknown) => typeof value === 'string' && value.length > 0;

/** The `errorReporting` member as the schema reads it: null, settings, or undefined when wrong. */
function parseErrorReporting(value: unknown): SpaConfig['errorReporting'] | undefined {
  if (value == null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { dsn, environment, release, tracesSampleRate, replaysSampleRate } = value as Record<string, unknown>;
  if (typeof dsn !== 'string' || !/^https?:\/\/[^/]/.test(dsn) || !URL.canParse(dsn)) return undefined;
  if (!isText(environment) || !isText(release) || !isRate(tracesSampleRate) || !isRate(replaysSampleRate))
    return undefined;
  return { dsn, environment, release, tracesSampleRate, replaysSampleRate } as SpaConfig['errorReporting'];
}

/**
 * `spaConfigSchema.safeParse` by hand, so that the first page does not load zod
 * (docs/performance.md); config.test.ts proves both agree.
 */
export function parseSpaConfig(value: unknown): SpaConfig | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { luMarker, tagManagerId, maintenance, captcha, errorReporting } = value as Record<string, unknown>;
  if (luMarker !== undefined && (typeof luMarker !== 'string' || luMarker.length === 0)) return undefined;
  if (tagManagerId != null && (typeof tagManagerId !== 'string' || !/^GTM-[A-Z0-9]+$/.test(tagManagerId)))
    return undefined;
  if (maintenance !== undefined && typeof maintenance !== 'boolean') return undefined;
  let widget: SpaConfig['captcha'] = null;
  if (captcha != null) {
    if (typeof captcha !== 'object') return undefined;
    const { provider, siteKey } = captcha as Record<string, unknown>;
    const known = (CAPTCHA_PROVIDERS as readonly unknown[]).includes(provider);
    if (!known || typeof siteKey !== 'string' || siteKey.length === 0) return undefined;
    widget = { provider: provider as (typeof CAPTCHA_PROVIDERS)[number], siteKey };
  }
  const reporting = parseErrorReporting(errorReporting);
  if (reporting === undefined) return undefined;
  return {
    errorReporting: reporting,
    luMarker: (luMarker as string | undefined) ?? DEFAULTS.luMarker,
    tagManagerId: (tagManagerId as string | null | undefined) ?? null,
    maintenance: (maintenance as boolean | undefined) ?? false,
    captcha: widget,
  };
}

/** The server-injected configuration, or the defaults when absent or malformed (e.g. `vite dev`). */
export function readConfig(doc: Document | undefined = globalThis.document): SpaConfig {
  // The build pre-renders pages in Node: no document, the defaults (app/prerender.tsx).
  const text = doc?.getElementById(SPA_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULTS;
  try {
    return parseSpaConfig(JSON.parse(text)) ?? DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let cached: SpaConfig | undefined;

export function appConfig(): SpaConfig {
  cached ??= readConfig();
  return cached;
}
