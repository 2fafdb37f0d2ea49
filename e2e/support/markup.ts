import { HtmlValidate } from 'html-validate';

/**
 * The page's HTML as the server sent it, held to the HTML standard by a checker the project did not
 * write (html-validate, its `standard` and `document` rules): content models, attributes and their
 * values, ids, landmarks and headings. A fault is mended in the page; the checker is told two
 * things only, each below with why.
 */
const checker = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  rules: {
    // Integrity hashes guard files another origin serves. Every file a page names is the site's
    // own, sent with the page by the same server, so a hash would guard nothing.
    'require-sri': ['error', { target: 'crossorigin' }],
  },
});

/**
 * Astro writes this style in front of a page's first island (its island loader's own rule), in the
 * body, where the standard allows no `<style>`. Browsers apply it; moving it would be one more
 * build-time patch of the framework, and those stay only where they pay (docs/DEPLOYMENT.md), so
 * it alone is left out of the check.
 */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The checker's findings for one page, a line each: the rule, where, what, and the element. */
export async function markupFaults(html: string): Promise<string[]> {
  const report = await checker.validateString(html.replace(ASTRO_ISLAND_STYLE, ''));
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) =>
        `${message.ruleId} at ${message.line}:${message.column}: ${message.message} (${message.selector ?? ''})`,
    ),
  );
}
