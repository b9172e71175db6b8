import { z } from 'zod';

// Closing an account (GDPR Art. 17, docs/decisions/0079-account-closure.md): a grace period in
// which it can be kept, then its personal data erased.

/** GET /api/user/closure: how many days a closure can still be undone (CLOSURE_GRACE_DAYS). */
export const closureTermsSchema = z.object({ grace_days: z.number().int().positive() });

/** POST /api/user/closure: the user confirms that they read what closes and what does not. */
export const closureRequestSchema = z.object({ confirm: z.literal(true) }).strict();

/** The closure under way: when the personal data will be erased. */
export const closureResponseSchema = z.object({ closes_at: z.string() });
export type ClosureResponse = z.infer<typeof closureResponseSchema>;

/**
 * The 409 account_closing answer of a sign-in during the grace period: when the data goes, and
 * a short-lived ticket that keeps the account (POST /api/closure/cancel) without the e-mail's link.
 */
export const accountClosingSchema = z.object({
  code: z.literal('account_closing'),
  closure: z.object({ closes_at: z.string(), ticket: z.string() }),
});
export type AccountClosing = z.infer<typeof accountClosingSchema>['closure'];

/** POST /api/closure/cancel: the e-mail link's token, or the ticket of a sign-in. */
export const closureCancelRequestSchema = z
  .object({
    token: z.string().min(1).max(128).optional(),
    ticket: z.string().min(1).max(256).optional(),
  })
  .strict()
  .refine((body) => (body.token === undefined) !== (body.ticket === undefined), {
    message: 'Send either the token or the ticket',
  });

export const closureCancelResponseSchema = z.object({ cancelled: z.literal(true) });
