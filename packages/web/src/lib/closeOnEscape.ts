import type { KeyboardEvent } from 'react';

/**
 * The keydown handler of an inline form (a contact to add, a code to type, a passkey to name):
 * Escape closes it as its Cancel button does, and the focus goes to `focusAfter` (the section's
 * heading) instead of being lost with the form.
 */
export function closeOnEscape(close: () => void, focusAfter: () => HTMLElement | null | undefined) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
    requestAnimationFrame(() => focusAfter()?.focus());
  };
}
