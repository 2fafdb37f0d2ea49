import { z } from 'zod/mini';
import { NOTIFICATION_DURATION_MS } from '~/components/ui/notifications';

/** The success tick stays as long as a notification. */
export const TICK_DURATION_MS = NOTIFICATION_DURATION_MS;

/** The part of GET a/user/ the account page shows. */
export const accountUserSchema = z.object({
  user: z.object({
    id: z.optional(z.union([z.string(), z.number()])),
    email: z.string(),
    firstName: z.optional(z.nullable(z.string())),
    lastName: z.optional(z.nullable(z.string())),
  }),
});
export type AccountUser = z.infer<typeof accountUserSchema>['user'];

/** 422 has its own message on each form; anything else goes to the generic handler. */
export function emailChangeErrorKey(status: number): string | null {
  return status === 422 ? 'account.email.taken' : null;
}

export function passwordChangeErrorKey(status: number): string | null {
  return status === 422 ? 'account.password.wrongOld' : null;
}

export const MASKED_PASSWORD = '••••••••';
