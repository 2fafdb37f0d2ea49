import { expect, test, type Page } from './support/test';
import { E2E_API_URL, E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';
import { executableScripts } from './support/scripts';
import { CUSTOMER, basketFor, signInTo } from './support/checkout';

// The chat switch is one for the whole reference API: these tests take turns in this one file
// and leave it as they found it.
test.describe.configure({ mode: 'serial' });

/** The switch as the widget script reports it when served. */
async function chatOnline(): Promise<boolean> {
  const response = await fetch(new URL('chat/widget.js?key=state-probe', E2E_API_URL));
  expect(response.ok).toBe(true);
  const online = /\bonline: (true|false)\b/.exec(await response.text())?.[1];
  expect(online).toBeDefined();
  return online === 'true';
}

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
  await page.goto(`${site}/bulk-add-items/`);
  await hydrated(page);
  expect(scripts).toEqual([]);
  await page.getByRole('button', { name: 'Support' }).click();
  return scripts;
}

let initiallyOnline = true;

test.beforeAll(async () => {
  initiallyOnline = await chatOnline();
});

test.afterAll(async () => {
  await setChatOnline(initiallyOnline);
});

test('online chat opens the live chat and folds back to the support button', async ({ page }) => {
  const previous = await chatOnline();
  await setChatOnline(true);
  try {
    const scripts = await pressSupport(page, E2E_SITES.marine);
    const chat = page.getByRole('dialog', { name: 'Live chat', exact: true });
    await expect(chat).toBeVisible();
    await expect(chat).toContainText('An operator has joined the chat.');
    expect(scripts).toHaveLength(1);
    expect(new URL(scripts[0] ?? '').searchParams.get('key')).toBe('marine-chat-key');
    // Once an operator serves the chat, the widget replaces the support button.
    await expect(page.getByRole('button', { name: 'Support' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Live chat is offline' })).toHaveCount(0);
    await chat.getByRole('button', { name: 'Minimise chat' }).click();
    await expect(chat).toBeHidden();
    await expect(page.getByRole('button', { name: 'Support' })).toBeVisible();
  } finally {
    await setChatOnline(previous);
  }
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

test('before its script runs, or without one, the support button is the store’s contact form', async ({ request }) => {
  // A public page (no script: the link is all), a session form and a follow-up page (the page's one
  // script runs the launcher), an island page (the launcher's own script).
  for (const [path, scripted] of [
    ['/return-policy/', false],
    ['/login/', true],
    ['/order-info/', true],
    ['/bulk-add-items/', true],
  ] as const) {
    const html = await (await request.get(`${E2E_SITES.cycle}${path}`)).text();
    expect(html, path).toMatch(
      /<a [^>]*href="https:\/\/www\.cycleparts\.example\/contact-us#contact-form"[^>]*data-support-link[^>]*>[\s\S]*?>\s*Support\s*<\/span>\s*<\/a>/,
    );
    expect(executableScripts(html).length > 0, path).toBe(scripted);
  }
});

// Payment success follows review order in its test, as in the checkout.
const SIGNED_IN_PAGES = [
  '/order-history/',
  '/order-info/',
  '/',
  '/bulk-add-items/',
  '/account-settings/',
  '/dev/',
  '/fr/account-settings/',
  '/customer-form/',
  '/review-order/',
  '/payment-success/',
];

// Five pages a test, so a busy machine does not run one sweep past its timeout.
for (const online of [true, false]) {
  for (const [index, pages] of [SIGNED_IN_PAGES.slice(0, 5), SIGNED_IN_PAGES.slice(5)].entries()) {
    test(`the support button opens ${online ? 'the chat' : 'the offline notice with the hours'} on every page (${index + 1} of 2)`, async ({
      page,
      context,
    }) => {
      const previous = await chatOnline();
      try {
        await basketFor(page, '1374449,1');
        await signInTo(page, CUSTOMER, '/account-settings/');
        await setChatOnline(online);
        for (const path of pages) {
          await page.goto(path);
          await hydrated(page);
          // Payment success with no order to show sends the shopper back to the page before it
          // once its island has woken: the support button is met there, not in the moment between.
          if (path === '/payment-success/') {
            await expect(page).toHaveURL(/\/review-order\/$/);
            await hydrated(page);
          }
          const french = path.startsWith('/fr/');
          await page.getByRole('button', { name: french ? 'Assistance' : 'Support' }).click();
          if (online) {
            // The widget is the chat provider's own, in its own language.
            const chat = page.getByRole('dialog', { name: 'Live chat', exact: true });
            await expect(chat, path).toBeVisible();
            await chat.getByRole('button', { name: 'Minimise chat' }).click();
            await expect(chat).toBeHidden();
          } else {
            const dialog = page.getByRole('dialog', {
              name: french ? 'Le chat en direct est hors ligne' : 'Live chat is offline',
            });
            await expect(dialog, path).toContainText(
              french ? 'du lundi au vendredi, de 8 h 00 à 17 h 00 MST' : 'Monday to Friday, 8:00 to 17:00 MST',
            );
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
          }
          // An operator's chat is remembered for a while; each page starts from the support button.
          await context.clearCookies({ name: 'ps_chat_started' });
        }
      } finally {
        await setChatOnline(previous);
      }
    });
  }
}

test('pages where nobody is signed in show the support button too', async ({ page, context }) => {
  const previous = await chatOnline();
  try {
    await setChatOnline(false);
    for (const path of ['/bulk-add-items/', '/']) {
      await context.clearCookies();
      await page.goto(path);
      await hydrated(page);
      await page.getByRole('button', { name: 'Support' }).click();
      await expect(page.getByRole('dialog', { name: 'Live chat is offline' }), path).toBeVisible();
      await page.keyboard.press('Escape');
    }
  } finally {
    await setChatOnline(previous);
  }
});
