import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalidFieldOnSubmit } from './focusInvalidField';

function form(): { element: HTMLFormElement; first: HTMLInputElement; second: HTMLInputElement } {
  document.body.innerHTML = '<form><input name="a" /><input name="b" /><button>Send</button></form>';
  const element = document.querySelector('form')!;
  const [first, second] = [...element.querySelectorAll('input')];
  element.addEventListener('submit', (event) => event.preventDefault());
  return { element, first: first!, second: second! };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('focusFirstInvalidFieldOnSubmit', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('focuses the first field marked invalid after a submit, even when marked later', async () => {
    stop = focusFirstInvalidFieldOnSubmit();
    const { element, first, second } = form();
    second.focus();
    element.requestSubmit();
    await tick();
    expect(document.activeElement).toBe(second);
    // An asynchronous check marks both fields afterwards.
    second.setAttribute('aria-invalid', 'true');
    first.setAttribute('aria-invalid', 'true');
    await tick();
    expect(document.activeElement).toBe(first);
  });

  it('leaves the focus alone without a submit', async () => {
    stop = focusFirstInvalidFieldOnSubmit();
    const { first, second } = form();
    second.focus();
    first.setAttribute('aria-invalid', 'true');
    await tick();
    expect(document.activeElement).toBe(second);
  });
});
