import { isAccessTokenStale } from '~/lib/server/proxy/refresh';

/** The tokens a refresh handed out. */
export interface RenewedTokens {
  token: string;
  refreshToken: string;
}

/** A signed-in call's end: the answer (and the tokens to store when they were renewed), or a session that is over. */
export type FreshTokenOutcome<A> = { ended: false; answer: A; renewed: RenewedTokens | null } | { ended: true };

/**
 * The one rule for a call made with the visitor's session, used by the proxy and by the actions:
 * an access token known to be expired is exchanged first rather than spending a call on a sure
 * 401; a 401 is answered by one exchange and one retry. When no exchange is possible, or the retry
 * is refused too, the session is over (the caller clears its cookies). A call without a token is
 * sent as it is.
 */
export async function withFreshToken<A extends { status: number }>(
  tokens: { access?: string | undefined; refresh?: string | undefined },
  send: (token: string | undefined) => Promise<A>,
  renew: (refreshToken: string) => Promise<RenewedTokens | null>,
): Promise<FreshTokenOutcome<A>> {
  let token = tokens.access;
  let renewed: RenewedTokens | null = null;
  const renewOnce = async (): Promise<boolean> => {
    if (!tokens.refresh || renewed) return false;
    renewed = await renew(tokens.refresh);
    if (!renewed) return false;
    token = renewed.token;
    return true;
  };

  if (tokens.refresh && isAccessTokenStale(token) && !(await renewOnce())) return { ended: true };
  let answer = await send(token);
  if (answer.status === 401 && token) {
    if (!(await renewOnce())) return { ended: true };
    answer = await send(token);
    if (answer.status === 401) return { ended: true };
  }
  return { ended: false, answer, renewed };
}
