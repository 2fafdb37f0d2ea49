/**
 * The document title: the page's own title, then the configured suffix (spec: "the page title
 * plus a configured suffix"). Unconfigured, the suffix is the store's name, so a tab, a bookmark
 * or a search result always says whose page it is; a deployment that sets the suffix, even to
 * nothing, gets exactly what it set.
 */
export function documentTitle(title: string, storeName: string, configuredSuffix: string | undefined): string {
  return `${title}${configuredSuffix ?? ` · ${storeName}`}`;
}
