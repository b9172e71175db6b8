import type { Db } from './database';

const KEY = 'maintenance';
/** Every instance re-reads the flag this often; an admin switch takes effect within it. */
const CACHE_MS = 2_000;

let cached: { on: boolean; at: number; db: Db } | undefined;

/** The setting as stored: who switched it and why when the console or the admin API did. */
interface MaintenanceSetting {
  on?: boolean;
  since?: string;
  by?: string;
  reason?: string;
}

export interface MaintenanceState {
  on: boolean;
  since: string | null;
  by: string | null;
  reason: string | null;
}

async function readSetting(db: Db): Promise<MaintenanceSetting> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return (row?.value as MaintenanceSetting | undefined) ?? {};
}

export async function isMaintenanceOn(db: Db): Promise<boolean> {
  if (cached && cached.db === db && Date.now() - cached.at < CACHE_MS) return cached.on;
  const on = (await readSetting(db)).on === true;
  cached = { on, at: Date.now(), db };
  return on;
}

/** The switch as last set, read now (not cached): the operator's console shows it. */
export async function maintenanceState(db: Db): Promise<MaintenanceState> {
  const setting = await readSetting(db);
  return {
    on: setting.on === true,
    since: setting.since ?? null,
    by: setting.by ?? null,
    reason: setting.reason ?? null,
  };
}

/** Switches maintenance on or off; `note` says who did and why (the CLI gives none). */
export async function setMaintenance(
  db: Db,
  on: boolean,
  note: { by: string; reason: string } | null = null,
): Promise<void> {
  const value = JSON.stringify({ on, since: new Date().toISOString(), ...(note ?? {}) });
  await db
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
  cached = undefined;
}
