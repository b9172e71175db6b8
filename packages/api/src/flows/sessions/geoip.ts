import type { Logger } from 'pino';

export interface Location {
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

type Lookup = (ip: string) => Location | null;

interface CityRecord {
  city?: { names?: Record<string, string> };
  country?: { iso_code?: string };
}

let loaded: { path: string; lookup: Promise<Lookup> } | undefined;

/**
 * Opens the MaxMind database of GEOIP_DB_PATH with the `maxmind` reader. The reader is an optional
 * dependency the operator installs beside the database (`npm install maxmind`): without it, or
 * without the file, every location is none and the start-up log says why.
 */
async function open(path: string, log: Logger): Promise<Lookup> {
  try {
    // A name in a variable: the build must not require the optional package.
    const moduleName = 'maxmind';
    const maxmind = (await import(moduleName)) as {
      open: (file: string) => Promise<{ get: (ip: string) => CityRecord | null }>;
    };
    const reader = await maxmind.open(path);
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
