// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ShareCart from '~/features/cart/ShareCart';
import { pickMessages } from '~/lib/i18n/messages';
import { createTranslate } from '~/lib/i18n/translate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const t = createTranslate(pickMessages('en', ['cart']));
const link = { url: 'https://shop.example/?add-to-cart=2043,1&shared', leftOut: 0 };

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('ShareCart', () => {
  it('shows the link to select by hand, and Copy disabled, before the island wakes', () => {
    render(<ShareCart link={link} t={t} hydrated={false} />);
    expect(screen.getByRole('textbox', { name: 'Link to these parts' })).toHaveProperty('value', link.url);
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('copies the link and says so in the live region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<ShareCart link={link} t={t} hydrated />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect((await screen.findByRole('status')).textContent).toBe('Link copied');
    expect(writeText).toHaveBeenCalledWith(link.url);
  });

  it('selects the link and says how to copy it when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    render(<ShareCart link={link} t={t} hydrated />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/could not be copied/));
    const field = screen.getByRole<HTMLInputElement>('textbox');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.url.length]);
  });

  it('offers the share sheet where the browser has one, with the link alone', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('Closed', 'AbortError')));
    vi.stubGlobal('navigator', { ...navigator, share });
    render(<ShareCart link={link} t={t} hydrated />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ title: 'Parts list', url: link.url });
    // Closing the sheet is no failure: nothing is said.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('no longer says Link copied once the list, so the link, has changed', async () => {
    stubClipboard(() => Promise.resolve());
    const { rerender } = render(<ShareCart link={link} t={t} hydrated />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied'));
    rerender(<ShareCart link={{ ...link, url: `${link.url.replace('2043,1', '2043,2')}` }} t={t} hydrated />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
