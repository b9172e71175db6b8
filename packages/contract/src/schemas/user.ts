import { z } from 'zod';

export const userEmailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  default: z.boolean(),
  verified: z.boolean(),
});

export const userPhoneSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  default: z.boolean(),
  verified: z.boolean(),
});

/** The User of SPEC §3, as GET /api/user answers it in `data`. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.array(userEmailSchema),
  phone: z.array(userPhoneSchema),
  iban: z.string().nullable(),
  country: z.string().nullable(),
  totpRecovery: z.array(z.object({ id: z.number().int(), used_at: z.string().nullable() })),
  fridom_user_id: z.string().nullable(),
  user_id: z.string().nullable(),
  customer_user_id: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  name: z.string(),
  gender: z.enum(['female', 'male', 'other']).nullable(),
  birthdate: z.string().nullable(),
  language: z.string(),
  password_status: z.number().int(),
  last_password_change: z.string().nullable(),
  mfa_forced: z.boolean(),
  mfa_customer: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ data: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
