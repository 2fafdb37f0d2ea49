// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Field from '~/components/ui/Field';
import { showFieldError } from '~/components/ui/field-error';

/** What the server sends for a field, as a node of this document. */
function drawn(error?: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(<Field label="Zip" name="zip" hint="Five digits" error={error} />);
  return holder.firstElementChild as HTMLElement;
}

const controlOf = (field: HTMLElement) => field.querySelector('input')!;

describe('showFieldError', () => {
  it('turns a field the server drew without an error into the one it draws with it, and back', () => {
    const field = drawn();
    showFieldError(controlOf(field), 'Too short');
    expect(field.isEqualNode(drawn('Too short'))).toBe(true);
    showFieldError(controlOf(field), 'Five digits, please');
    expect(field.isEqualNode(drawn('Five digits, please'))).toBe(true);
    showFieldError(controlOf(field), undefined);
    expect(field.isEqualNode(drawn())).toBe(true);
  });

  it('clears an error the server drew', () => {
    const field = drawn('Too short');
    showFieldError(controlOf(field), undefined);
    expect(field.isEqualNode(drawn())).toBe(true);
  });
});
