import { expect, test, type Page } from '@playwright/test';
import { E2E_API_URL, E2E_SITES } from './support/sites';

// The chat switch is one for the whole reference API: these tests take turns and leave it online.
test.describe.configure({ mode: 'serial' });

async function setChatOnline(online: boolean) {
  const response = await fetch(new URL('__test/chat', E2E_API_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ online }),
  });
  expect(response.ok).toBe(true);
}

async function pressSupport(page: Page, site: string) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('chat/widget.js')) scripts.push(request.url());
  });
  await page.goto(`${site}/order-info/`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(scripts).toEqual([]);
  await page.getByRole('button', { name: 'Support' }).click();
  return scripts;
}

test.afterAll(async () => {
  await setChatOnline(true);
});

for (const [store, contact] of [
  ['marine', 'https://www.marineparts.example/contact_us.html#contact-form'],
  ['cycle', 'https://www.cycleparts.example/contact-us#contact-form'],
] as const) {
  test(`offline chat on ${store} shows the hours and the store's contact form`, async ({ page }) => {
    await setChatOnline(false);
    const scripts = await pressSupport(page, E2E_SITES[store]);
    const dialog = page.getByRole('dialog', { name: 'Live chat is offline' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('no operators are available');
    await expect(dialog).toContainText('Monday to Friday, 8:00 to 17:00 MST');
    const link = dialog.getByRole('link', { name: 'Open the contact form' });
    await expect(link).toHaveAttribute('href', contact);
    await expect(link).toHaveAttribute('target', '_blank');
    expect(scripts).toHaveLength(1);
    expect(new URL(scripts[0] ?? '').searchParams.get('key')).toBe(`${store}-chat-key`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Support' })).toBeFocused();
  });
}

test('pages without islands link to the contact form instead', async ({ request }) => {
  const html = await (await request.get(`${E2E_SITES.cycle}/return-policy/`)).text();
  expect(html).toContain('href="https://www.cycleparts.example/contact-us#contact-form"');
  expect(html).not.toMatch(/<script/i);
});
