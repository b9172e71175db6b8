import type { MfaActivateFuzzion } from '@vestibule/contract/schemas/mfa';
import { PATHS } from './paths';
import { setSessionValue } from './storage';

/**
 * SPEC §4 Fuzzion: a proven contact belongs to another account. Keeps the merge flow's payload
 * (session key fuzzion_payload) and answers the /duplicated URL where the merge screens take over.
 */
export function mergeScreenPath(offer: Pick<MfaActivateFuzzion, 'payload' | 'target' | 'method'>): string {
  setSessionValue('fuzzionPayload', offer.payload);
  return `${PATHS.duplicated}?${new URLSearchParams({ target: offer.target, method: offer.method })}`;
}
