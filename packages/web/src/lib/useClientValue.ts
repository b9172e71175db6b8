import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only this browser knows (its storage, the injected configuration): `onServer` in the
 * build's pre-rendering and while the pre-rendered page hydrates, so that the first render matches
 * the HTML, then the real value at once (React renders again right after hydrating). Outside
 * hydration the real value comes first. `read` must return the same value until it changes.
 */
export function useClientValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}

const alwaysTrue = () => true;

/**
 * False in the pre-rendered HTML and while it hydrates, true from then on. A pre-rendered form's
 * submit button stays disabled until then: the browser must never send the form itself (a GET
 * with the typed password in the address).
 */
export function useHydrated(): boolean {
  return useClientValue(alwaysTrue, false);
}
