// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import Modal from '~/components/ui/Modal';

function Harness({ preventClose = false }: { preventClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open policy
      </button>
      <Modal
        open={open}
        title="Return policy"
        closeLabel="Close"
        preventClose={preventClose}
        onClose={() => setOpen(false)}
      >
        <a href="/return-policy/">Read more</a>
        <button type="button">Accept</button>
      </Modal>
    </>
  );
}

describe('<Modal>', () => {
  afterEach(cleanup);

  it('opens labelled by its title with focus inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Return policy' });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('traps Tab inside and wraps both ways', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open policy' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(document.activeElement).toBe(close);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(accept);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(accept);
  });

  it('closes on Escape and returns focus to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open policy' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open policy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape when preventClose is set', async () => {
    render(<Harness preventClose />);
    await userEvent.click(screen.getByRole('button', { name: 'Open policy' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Return policy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
