/**
 * Script elements a browser would run: everything but JSON-LD data blocks, which hold structured
 * data for search engines and execute nothing (public pages ship 0 bytes of JavaScript).
 */
export function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi)]
    .filter((match) => !/\btype\s*=\s*["']?application\/ld\+json/i.test(match[1] ?? ''))
    .map((match) => match[0]);
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdBlocks(html: string): { body: string; data: Record<string, unknown> }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/gi)].map((match) => ({
    body: match[1] ?? '',
    data: JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  }));
}
