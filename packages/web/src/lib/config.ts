import { CAPTCHA_PROVIDERS } from '@vestibule/contract/captcha';
import { DEFAULT_LU_MARKER } from '@vestibule/contract/editions';
import type { SpaConfig } from '@vestibule/contract/spaConfig';

/** `SPA_CONFIG_ELEMENT_ID` of contract/spaConfig.ts, whose module would bring zod along. */
const SPA_CONFIG_ELEMENT_ID = 'vestibule-config';
/** `DEFAULT_TAG_MANAGER_ORIGIN` and the origin pattern of contract/spaConfig.ts. */
const DEFAULT_TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const ORIGIN_PATTERN = /^https?:\/\/[^/?#\s]+$/;
const OPERATOR_FIELDS = ['company', 'address', 'registration', 'supportEmail', 'supportPhone'] as const;
const DEFAULTS: SpaConfig = {
  luMarker: DEFAULT_LU_MARKER,
  tagManagerId: null,
  tagManagerOrigin: DEFAULT_TAG_MANAGER_ORIGIN,
  maintenance: false,
  pseudoLocale: false,
  captcha: null,
  operator: null,
  errorReporting: null,
};

/** The operator's details: every field a non-empty string, or undefined (refused) otherwise. */
function parseOperator(value: unknown): SpaConfig['operator'] | undefined {
  if (value == null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const valid = OPERATOR_FIELDS.every((name) => typeof fields[name] === 'string' && fields[name] !== '');
  if (!valid) return undefined;
  return Object.fromEntries(OPERATOR_FIELDS.map((name) => [name, fields[name]])) as SpaConfig['operator'];
}

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
  const {
    luMarker,
    tagManagerId,
    tagManagerOrigin,
    maintenance,
    pseudoLocale,
    captcha,
    operator,
    errorReporting,
  } = value as Record<string, unknown>;
  if (luMarker !== undefined && (typeof luMarker !== 'string' || luMarker.length === 0)) return undefined;
  if (tagManagerId != null && (typeof tagManagerId !== 'string' || !/^GTM-[A-Z0-9]+$/.test(tagManagerId)))
    return undefined;
  if (
    tagManagerOrigin !== undefined &&
    (typeof tagManagerOrigin !== 'string' || !ORIGIN_PATTERN.test(tagManagerOrigin))
  )
    return undefined;
  if (maintenance !== undefined && typeof maintenance !== 'boolean') return undefined;
  if (pseudoLocale !== undefined && typeof pseudoLocale !== 'boolean') return undefined;
  const operatorDetails = parseOperator(operator);
  if (operatorDetails === undefined) return undefined;
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
    tagManagerOrigin: (tagManagerOrigin as string | undefined) ?? DEFAULT_TAG_MANAGER_ORIGIN,
    maintenance: (maintenance as boolean | undefined) ?? false,
    pseudoLocale: (pseudoLocale as boolean | undefined) ?? false,
    captcha: widget,
    operator: operatorDetails,
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
