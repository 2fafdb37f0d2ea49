/** A phone number as written for people ("+1 (800) 555-0134") as a tel: link a phone can dial. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The store's contact form on the storefront's domain: the offline chat, the help menu and the footer link to it. */
export function contactFormUrl(storefrontUrl: string, contactFormPath: string): string {
  return new URL(contactFormPath, storefrontUrl).href;
}
