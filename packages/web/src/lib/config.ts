import { SPA_CONFIG_ELEMENT_ID, type SpaConfig, spaConfigSchema } from '@vestibule/contract/spaConfig';

const DEFAULTS: SpaConfig = spaConfigSchema.parse({});

/** The server-injected configuration, or the defaults when absent or malformed (e.g. `vite dev`). */
export function readConfig(doc: Document = document): SpaConfig {
  const text = doc.getElementById(SPA_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULTS;
  try {
    const parsed = spaConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let cached: SpaConfig | undefined;

export function appConfig(): SpaConfig {
  cached ??= readConfig();
  return cached;
}
