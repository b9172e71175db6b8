import { useMutation } from '@tanstack/react-query';
import { handoverPreviewResponseSchema, tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/token/handover/preview: whose account a hand-over code opens, and whether this tab is
 * already signed in to it; the code stays unspent. Quiet: an expired link is this screen's answer.
 */
export function previewHandover(code: string) {
  return apiRequest('/token/handover/preview', {
    method: 'POST',
    json: { code },
    schema: handoverPreviewResponseSchema,
    quiet: true,
  });
}

/** POST /api/token/handover/redeem: the user confirmed; the code is spent for a session of this browser. */
export function redeemHandover(code: string) {
  return apiRequest('/token/handover/redeem', {
    method: 'POST',
    json: { code },
    schema: tokenResponseSchema,
    quiet: true,
  });
}

/** Spends the code and hands its session to `switchTo` (which replaces this tab's). */
export function useRedeemHandover(switchTo: (token: string) => Promise<void>) {
  return useMutation({
    mutationFn: async (code: string) => switchTo((await redeemHandover(code)).access_token),
  });
}
