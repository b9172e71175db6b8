/** Elements that keep the focus they took themselves (a code field with autofocus, a dialog). */
const KEEPS_FOCUS = 'input, select, textarea, [autofocus], dialog *, [role="dialog"] *';

function moveFocus(target: HTMLElement): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.isConnected && active.matches(KEEPS_FOCUS)) return;
  if (!target.matches(CODE_FIELD) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** A code page's code field: what the user came to fill (its label names the page's purpose). */
const CODE_FIELD = 'main input[autocomplete="one-time-code"]';

/**
 * After a client-side navigation the page's main heading takes the focus, so that a screen reader
 * announces the new page and the keyboard starts from it; on a code page the code field
 * takes it instead, the one thing to do there. A page that shows its heading once its data has
 * loaded gets the focus then, within a few seconds. Returns a cancel function.
 */
export function focusMainHeading(waitMs = 5_000): () => void {
  const find = () =>
    document.querySelector<HTMLElement>(CODE_FIELD) ?? document.querySelector<HTMLElement>('main h1');
  const heading = find();
  if (heading) {
    moveFocus(heading);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    stop();
    moveFocus(found);
  });
  const timer = window.setTimeout(() => observer.disconnect(), waitMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
