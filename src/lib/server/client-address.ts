/** Header that tells the store API which visitor a call is for, so its per-client limits apply per visitor. */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/**
 * The visitor's address, or undefined when the adapter cannot tell (Astro's getter then throws).
 * Behind proxies it is the address found through the chain of trusted ones (TRUST_PROXY,
 * src/trusted-proxies.ts), which the production entry leaves as the only X-Forwarded-For entry.
 */
export function visitorAddress(context: { readonly clientAddress?: string }): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}

/** The header naming the visitor to the store API's per-client limits; none when the address is unknown. */
export function visitorHeaders(context: { readonly clientAddress?: string }): Record<string, string> {
  const client = visitorAddress(context);
  return client ? { [CLIENT_ADDRESS_HEADER]: client } : {};
}
