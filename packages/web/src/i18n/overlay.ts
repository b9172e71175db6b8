/** An overlay: any subset of a base bundle's keys, with the same shape. */
export type Overlay<T> = { [K in keyof T]?: T[K] extends string ? string : Overlay<T[K]> };

/** The base bundle with the overlay's entries replacing its own (Luxembourg locales, SPEC §1). */
export function applyOverlay<T extends object>(base: T, overlay: Overlay<T>): T {
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overlay)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' && value !== null && typeof current === 'object' && current !== null
        ? applyOverlay(current as object, value as Overlay<object>)
        : value;
  }
  return result as T;
}

/** The overlay's entries whose top-level key the base has: an overlay split between two bundles. */
export function pickOverlay<T extends object>(overlay: Overlay<object>, base: T): Overlay<T> {
  return Object.fromEntries(Object.entries(overlay).filter(([key]) => key in base)) as Overlay<T>;
}
