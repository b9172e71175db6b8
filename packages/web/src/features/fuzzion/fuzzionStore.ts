import { removeSessionValue, sessionValue, setSessionValue } from '../../lib/storage';

// The merge flow in progress (SPEC §3 session key fuzzion_payload): the server owns its state,
// the SPA keeps only the payload.

export const fuzzionPayload = {
  get: () => sessionValue('fuzzionPayload'),
  set: (payload: string) => setSessionValue('fuzzionPayload', payload),
  clear: () => removeSessionValue('fuzzionPayload'),
};
