import maxmind, { type CityResponse } from 'maxmind';
import type { Logger } from 'pino';

export interface Location {
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

type Lookup = (ip: string) => Location | null;

let loaded: { path: string; lookup: Promise<Lookup> } | undefined;

/**
 * Opens the MaxMind (GeoLite2/GeoIP2 City) database of GEOIP_DB_PATH once; without a readable
 * file every location is none and the log says why.
 */
async function open(path: string, log: Logger): Promise<Lookup> {
  try {
    const reader = await maxmind.open<CityResponse>(path);
    return (ip) => {
      try {
        const record = reader.get(ip);
        if (!record) return null;
        const city = record.city?.names?.en ?? null;
        const country = record.country?.iso_code ?? null;
        return city || country ? { city, country } : null;
      } catch {
        return null;
      }
    };
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'GEOIP_DB_PATH is set but the database could not be opened');
    return () => null;
  }
}

/** The location of an address, or null (no database configured, private or unknown address). */
export async function locate(
  path: string | undefined,
  log: Logger,
  ip: string | null,
): Promise<Location | null> {
  if (!path || !ip) return null;
  if (loaded?.path !== path) loaded = { path, lookup: open(path, log) };
  return (await loaded.lookup)(ip);
}
