// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bindHeaderControls } from '~/lib/api/header-busy';
import { resetRequests, setRequestState } from '~/lib/api/requests.store';

describe('header controls', () => {
  it('are inert while any call is in progress and usable again after', () => {
    document.body.innerHTML = `<header><details data-header-control><summary>Menu</summary></details>
      <a href="/login/" data-header-control>Log in</a><a href="/help/">Help</a></header>`;
    resetRequests();
    const stop = bindHeaderControls(document);
    const controls = [...document.querySelectorAll<HTMLElement>('[data-header-control]')];
    expect(controls.map((control) => control.hasAttribute('inert'))).toEqual([false, false]);
    setRequestState('basketGet', 'inProcess');
    expect(controls.map((control) => control.hasAttribute('inert'))).toEqual([true, true]);
    expect(document.querySelector('a[href="/help/"]')?.hasAttribute('inert')).toBe(false);
    setRequestState('basketGet', 'success');
    expect(controls.map((control) => control.hasAttribute('inert'))).toEqual([false, false]);
    stop();
  });
});
