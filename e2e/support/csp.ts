import type { Page } from '@playwright/test';

/** Every Content Security Policy refusal the page reports from now on (Chromium says each in the console). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
