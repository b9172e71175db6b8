import { z } from 'zod';

/** GET /api/status: public, tells the SPA whether the portal is in maintenance. */
export const statusResponseSchema = z.object({ maintenance: z.boolean() });
export type StatusResponse = z.infer<typeof statusResponseSchema>;
