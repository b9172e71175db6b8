/** How long after a submit a field that turns invalid still takes the focus (checks may load code). */
const WATCH_MS = 3_000;

/**
 * Form errors move the focus to the first invalid field, for every form of the SPA:
 * each marks its invalid fields with `aria-invalid="true"` (shared field components, login form).
 * After a submit, the first such field of that form takes the focus as soon as one appears —
 * validation may be asynchronous (the contract's schemas load on demand), or come from the
 * server's answer. react-hook-form focuses it too; this covers the forms that check by hand.
 * Returns a function that removes the listeners.
 */
export function focusFirstInvalidFieldOnSubmit(doc: Document = document): () => void {
  let watched: { form: HTMLFormElement; until: number } | null = null;

  const focusFirstInvalid = () => {
    if (!watched) return;
    if (Date.now() > watched.until || !watched.form.isConnected) {
      watched = null;
      return;
    }
    const first = watched.form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    watched = null;
    if (doc.activeElement !== first) first.focus();
  };

  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    watched = { form: event.target, until: Date.now() + WATCH_MS };
    // The form's own handler runs after this capturing listener: look once it has rendered.
    setTimeout(focusFirstInvalid, 0);
  };

  const observer = new MutationObserver(focusFirstInvalid);
  observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('submit', onSubmit, true);
  };
}
