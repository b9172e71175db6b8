import type { AdapterPayload } from 'oidc-provider';

/** One oidc-provider artefact as a row of oauth_payloads (the payload and its lookup columns). */
export interface PayloadRow {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: Date | null;
}

export function payloadRow(
  model: string,
  id: string,
  payload: AdapterPayload,
  expiresIn: number,
): PayloadRow {
  return {
    model,
    id,
    payload: JSON.stringify(payload),
    grant_id: model === 'Grant' ? id : (payload.grantId ?? null),
    uid: payload.uid ?? null,
    user_code: payload.userCode ?? null,
    account_id: payload.accountId ?? null,
    client_id: payload.clientId ?? null,
    expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

/** A stored payload as the adapter's find answers it: `consumed` (seconds) once it was used. */
export function storedPayload(payload: AdapterPayload, consumedAtSeconds: number | null): AdapterPayload {
  return consumedAtSeconds === null ? payload : { ...payload, consumed: consumedAtSeconds };
}
