/** Header that tells the store API which visitor a call is for, so its per-client limits apply per visitor. */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/** The visitor's address, or undefined when the adapter cannot tell (Astro's getter then throws). */
export function visitorAddress(context: { readonly clientAddress?: string }): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}
