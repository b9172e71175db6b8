import { passwordCheckResponseSchema } from '@vestibule/contract/schemas/security';
import { useEffect, useState } from 'react';
import { apiRequest } from './api';

/** How long the typing pauses before the password is checked: one request a pause, not a key. */
const PAUSE_MS = 400;

/**
 * Whether the server's blocklist (DESIGN §4; it ships with the server only) holds `password`
 * as typed: true once POST /api/password/check said it is not common, false before it answered,
 * while `ask` is false, or when it could not answer (the save judges it anyway).
 */
export function useNotCommonPassword(password: string, ask: boolean): boolean {
  const [verdict, setVerdict] = useState<{ password: string; common: boolean } | null>(null);
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiRequest('/password/check', {
        method: 'POST',
        json: { password },
        schema: passwordCheckResponseSchema,
        quiet: true,
        signal: controller.signal,
      })
        .then(({ common }) => setVerdict({ password, common }))
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [password, ask]);
  return ask && verdict?.password === password && !verdict.common;
}
