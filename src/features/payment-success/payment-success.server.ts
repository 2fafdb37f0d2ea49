import type { AstroCookies } from 'astro';
import type { Session } from '~/lib/session/session';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { readGuest, readUser } from '~/lib/store-api/server';
import { accessTokenFrom } from '~/lib/session/tokens';
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
  secure: boolean,
): Promise<string | null> {
  if (session.kind === 'customer' || session.kind === 'subscriber') {
    const claimed = session.claims.email ?? '';
    if (isEmail(claimed)) return claimed;
    // Tokens need not carry the e-mail: the account knows it.
    const answer = await readUser(accessTokenFrom(cookies));
    const email = answer.ok ? (answer.value.email ?? '').trim() : '';
    return isEmail(email) ? email : null;
  }
  if (session.kind !== 'guest' || !basketNum) return null;
  const answer = await readGuest(basketNum, basketKeyFrom(cookies, secure));
  if (!answer.ok) return null;
  const email = readText(answer.value['email']).trim();
  return isEmail(email) ? email : null;
}
