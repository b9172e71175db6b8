import type { User } from '@vestibule/contract/schemas/user';
import { ApiError } from './api';

// The version (ETag) of the user as the SPA last read or changed it (docs/decisions/0071). Every
// profile change sends it as If-Match; the server answers 412 profile_changed, with the current
// user, when another browser changed the profile since: nothing is overwritten unseen.

let current: string | undefined;

/** Options of an `apiRequest` that reads the user or changes it: sends and keeps its version. */
export function versioned(): { ifMatch?: string; onVersion: (etag: string) => void } {
  return {
    ifMatch: current,
    onVersion: rememberProfileVersion,
  };
}

/** The version of a user just read. */
export function rememberProfileVersion(etag: string): void {
  current = etag;
}

/** A session ended: the next session starts from a fresh read. */
export function forgetProfileVersion(): void {
  current = undefined;
}

/** The current user a 412 profile_changed carries, else undefined. */
export function changedElsewhere(error: unknown): User | undefined {
  if (!(error instanceof ApiError) || error.code !== 'profile_changed') return undefined;
  const body = error.body as { data?: User } | null | undefined;
  return body?.data && typeof body.data.id === 'number' ? body.data : undefined;
}
