import { z } from 'zod';
import { parseRole, type SessionClaims } from './claims';

const userSchema = z.looseObject({
  userid: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  role: z.string().optional(),
  department: z.string().optional(),
});

/** Login, account creation and subscriber answers: tokens plus the person. */
export const loginAnswerSchema = z.looseObject({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  user: userSchema.optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const refreshAnswerSchema = z.looseObject({ token: z.string().min(1), refreshToken: z.string().min(1) });

export function claimsFromUser(user: z.infer<typeof userSchema> | undefined): SessionClaims {
  const claims: SessionClaims = { role: parseRole(user?.role), guest: false };
  const userid = user?.userid ?? user?.id;
  if (userid !== undefined) claims.userid = userid;
  if (user?.firstName !== undefined) claims.firstName = user.firstName;
  if (user?.lastName !== undefined) claims.lastName = user.lastName;
  if (user?.department !== undefined) claims.department = user.department;
  return claims;
}
