// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import StockStatus, { stockStatusIcon } from '~/components/ui/StockStatus';

describe('<StockStatus>', () => {
  afterEach(cleanup);

  it.each([
    ['now', 'ok'],
    ['later', 'clock'],
    ['backordered', 'attention'],
    ['possible_delays', 'attention'],
    ['never', 'cancel'],
    ['unknown', 'question'],
    ['something-else', 'question'],
  ])('%s shows the %s icon', (status, icon) => {
    expect(stockStatusIcon(status)).toBe(icon);
  });

  it('shows the translated meaning as text with a decorative icon', () => {
    const { container } = render(<StockStatus status="later" label="Leaves the warehouse in 3 to 5 days" />);
    expect(screen.getByText('Leaves the warehouse in 3 to 5 days')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.firstElementChild?.getAttribute('data-icon')).toBe('clock');
    expect(container.firstElementChild?.className).toContain('stock-status--later');
  });

  it('reads an unexpected status as unknown', () => {
    const { container } = render(<StockStatus status="??" label="Call for details" />);
    expect(container.firstElementChild?.className).toContain('stock-status--unknown');
  });
});
