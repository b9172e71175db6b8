// Tag-manager data layer (SPEC §1, DESIGN §7). The GTM script loads only when configured; the
// data layer is filled either way so that a later-loaded container sees the history.

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export interface PageView {
  event: 'virtual_page_view';
  location: string;
  title: string;
  referrer: string;
}

export function pushToDataLayer(entry: Record<string, unknown>): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

export function pushPageView(view: Omit<PageView, 'event'>): void {
  pushToDataLayer({ event: 'virtual_page_view', ...view });
}

export function loadTagManager(id: string | null): void {
  if (!id || document.getElementById('gtm-script')) return;
  pushToDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}
