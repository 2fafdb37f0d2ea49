import { z } from 'zod';

/** Answer shapes shared by several route modules. */

const claims = z.object({
  userid: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  department: z.string().nullable().optional(),
});
/** A new sign-in: access token, refresh token and the account (also answered by sign-up). */
export const sessionAnswer = z
  .object({ token: z.string(), refreshToken: z.string(), user: claims })
  .meta({ id: 'Session' });
