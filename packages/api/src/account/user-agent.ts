import Bowser from 'bowser';

export interface DeviceDescription {
  /** A model name the user agent tells ("iPhone", "iPad"), else null: the SPA says "unknown". */
  deviceName: string | null;
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';
  /** Browser and major version, "Firefox 128". */
  browser: string | null;
  /** System and version, "iOS 17.4", "Windows 10". */
  os: string | null;
}

const UNKNOWN: DeviceDescription = { deviceName: null, deviceType: 'unknown', browser: null, os: null };
const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet', 'tv']);
const cache = new Map<string, DeviceDescription>();
const CACHE_SIZE = 500;

/**
 * Browser, system and device of a user agent, read by bowser (MIT, maintained): a page of
 * sessions mostly repeats a handful of agents, so answers are kept in a small cache.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return UNKNOWN;
  const known = cache.get(userAgent);
  if (known) return known;
  let described = UNKNOWN;
  try {
    const parsed = Bowser.parse(userAgent);
    const major = parsed.browser.version?.split('.')[0];
    const type = parsed.platform.type ?? 'unknown';
    described = {
      deviceName: parsed.platform.model ?? null,
      deviceType: (DEVICE_TYPES.has(type) ? type : 'unknown') as DeviceDescription['deviceType'],
      browser: parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null,
      os: parsed.os.name
        ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
        : null,
    };
  } catch {
    // An agent the parser cannot read is an unknown device, never an error.
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(userAgent, described);
  return described;
}
