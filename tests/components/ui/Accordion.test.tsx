// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Accordion from '~/components/ui/Accordion';

const sections = [
  { id: 'ship', title: 'Shipping', content: <p>Ships in 3 to 5 days</p> },
  { id: 'returns', title: 'Returns', content: <p>30 days</p> },
];

describe('<Accordion>', () => {
  afterEach(cleanup);

  it('toggles a panel with its heading button', async () => {
    render(<Accordion sections={sections} />);
    const shipping = screen.getByRole('button', { name: 'Shipping' });
    expect(shipping.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Shipping' })).toBeNull();
    await userEvent.click(shipping);
    expect(shipping.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Shipping' });
    expect(panel.id).toBe(shipping.getAttribute('aria-controls'));
    expect(panel.textContent).toBe('Ships in 3 to 5 days');
    await userEvent.click(shipping);
    expect(shipping.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens one section at a time unless multiple', async () => {
    render(<Accordion sections={sections} multiple={false} defaultOpen={['ship']} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Shipping' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Shipping' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Returns' }));
    expect(screen.queryByRole('region', { name: 'Shipping' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Returns' })).toBeTruthy();
  });

  it('works by keyboard', async () => {
    render(<Accordion sections={sections} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });
});
