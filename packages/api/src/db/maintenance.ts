import type { Db } from './database';

const KEY = 'maintenance';
/** Every instance re-reads the flag this often; an admin switch takes effect within it. */
const CACHE_MS = 2_000;

let cached: { on: boolean; at: number; db: Db } | undefined;

export async function isMaintenanceOn(db: Db): Promise<boolean> {
  if (cached && cached.db === db && Date.now() - cached.at < CACHE_MS) return cached.on;
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const on = (row?.value as { on?: boolean } | undefined)?.on === true;
  cached = { on, at: Date.now(), db };
  return on;
}

export async function setMaintenance(db: Db, on: boolean): Promise<void> {
  const value = JSON.stringify({ on });
  await db
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
  cached = undefined;
}
