import type { AstroCookies } from 'astro';
import type { Session } from '~/lib/session/session';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { readGuest } from '~/lib/store-api/server';
import { readText } from '~/lib/api/read';
import { isEmail } from '~/lib/email';

/**
 * The e-mail address the confirmation went to: a customer's from the session, a guest's from the
 * basket's guest record. Null when it cannot be known (the page then does not name one).
 */
export async function confirmationEmail(
  session: Session,
  basketNum: string | undefined,
  cookies: AstroCookies,
): Promise<string | null> {
  if (session.kind === 'customer' || session.kind === 'subscriber') {
    const email = session.claims.email ?? '';
    return isEmail(email) ? email : null;
  }
  if (session.kind !== 'guest' || !basketNum) return null;
  const answer = await readGuest(basketNum, basketKeyFrom(cookies));
  if (!answer.ok) return null;
  const email = readText(answer.value['email']).trim();
  return isEmail(email) ? email : null;
}
