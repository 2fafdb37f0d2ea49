import { describe, expect, it } from 'vitest';
import { HOUSE_HEADERS, applySecurityHeaders, withFrameAncestors } from '~/lib/http/security-headers';

describe('security headers', () => {
  it("adds frame-ancestors 'none' to Astro's CSP, or makes it the whole policy", () => {
    expect(withFrameAncestors("default-src 'self'; script-src 'self'; ")).toBe(
      "default-src 'self'; script-src 'self'; frame-ancestors 'none'",
    );
    expect(withFrameAncestors(null)).toBe("frame-ancestors 'none'");
    expect(withFrameAncestors('')).toBe("frame-ancestors 'none'");
  });

  it('sets the house headers over whatever the answer had', () => {
    const headers = new Headers({ 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "img-src 'self'" });
    applySecurityHeaders(headers);
    for (const [name, value] of Object.entries(HOUSE_HEADERS)) expect(headers.get(name)).toBe(value);
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Content-Security-Policy')).toBe("img-src 'self'; frame-ancestors 'none'");
  });

  it('throws on the immutable headers of a redirect, so the middleware answers with a copy', () => {
    expect(() => applySecurityHeaders(Response.redirect('https://shop.example/', 302).headers)).toThrow();
  });
});
