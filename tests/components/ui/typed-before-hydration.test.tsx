// @vitest-environment jsdom
import { act, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';

// React's act() warns unless the environment says it is a test's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The page is drawn on the server, the visitor types, then the island wakes: the same order as in a browser.

interface Shown {
  email: string;
  mode: string;
  subscribe: boolean;
  country: string;
}

const START: Shown = { email: '', mode: 'order', subscribe: false, country: 'US' };

function Form({ initial, adopted }: { initial: Shown; adopted: string[] }) {
  const [shown, setShown] = useState(initial);
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (name, value) => {
    adopted.push(name);
    setShown((current) => ({ ...current, [name]: value }));
  });
  return (
    <form ref={form}>
      <input type="hidden" name="token" value="t" readOnly />
      <input name="email" value={shown.email} onChange={(event) => setShown({ ...shown, email: event.target.value })} />
      {['order', 'invoice'].map((mode) => (
        <input
          key={mode}
          type="radio"
          name="mode"
          value={mode}
          checked={shown.mode === mode}
          onChange={() => setShown({ ...shown, mode })}
        />
      ))}
      <input
        type="checkbox"
        name="subscribe"
        checked={shown.subscribe}
        onChange={(event) => setShown({ ...shown, subscribe: event.target.checked })}
      />
      <select
        name="country"
        value={shown.country}
        onChange={(event) => setShown({ ...shown, country: event.target.value })}
      >
        <option value="US">United States</option>
        <option value="CA">Canada</option>
      </select>
      <output>{JSON.stringify(shown)}</output>
    </form>
  );
}

let root: Root | undefined;

function wake(initial: Shown, typeBeforeWaking: (form: HTMLFormElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form initial={initial} adopted={[]} />);
  document.body.append(container);
  const form = container.querySelector('form')!;
  typeBeforeWaking(form);
  const adopted: string[] = [];
  act(() => {
    root = hydrateRoot(container, <Form initial={initial} adopted={adopted} />);
  });
  return { shown: JSON.parse(form.querySelector('output')!.textContent ?? '{}') as Shown, adopted, form };
}

const control = <T extends Element>(form: HTMLFormElement, selector: string) => form.querySelector<T>(selector)!;

describe('useTypedBeforeHydration', () => {
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('hands text, a chosen radio and a ticked box typed before the island woke to its state', () => {
    const { shown, adopted } = wake(START, (form) => {
      control<HTMLInputElement>(form, '[name=email]').value = 'early@example.com';
      control<HTMLInputElement>(form, '[value=invoice]').checked = true;
      control<HTMLInputElement>(form, '[name=subscribe]').checked = true;
    });
    expect(shown).toEqual({ ...START, email: 'early@example.com', mode: 'invoice', subscribe: true });
    expect(adopted.sort()).toEqual(['email', 'mode', 'subscribe']);
  });

  it('leaves the state alone when nothing was typed, and never reads hidden fields', () => {
    const initial = { ...START, email: 'drawn@example.com' };
    const { shown, adopted } = wake(initial, () => {});
    expect(shown).toEqual(initial);
    expect(adopted).toEqual([]);
  });

  it('hands over an option chosen before the island woke', () => {
    const { shown, form } = wake(START, (form) => {
      control<HTMLSelectElement>(form, 'select').value = 'CA';
    });
    expect(shown.country).toBe('CA');
    expect(control<HTMLSelectElement>(form, 'select').value).toBe('CA');
  });

  it('unticks a box drawn ticked', () => {
    const { shown } = wake({ ...START, subscribe: true }, (form) => {
      control<HTMLInputElement>(form, '[name=subscribe]').checked = false;
    });
    expect(shown.subscribe).toBe(false);
  });
});
