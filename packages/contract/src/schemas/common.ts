import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/** Body of every 4xx/5xx answer (DESIGN §6). */
export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The request's id (its X-Request-Id header too): what support asks a user to quote. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** X-Device-ID: the random UUID the SPA keeps under `device-id` (SPEC §3). */
export const deviceIdSchema = z.uuid();

export const emptySchema = z.object({}).strict();
