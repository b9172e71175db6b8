// The one script index.html names, about a kilobyte: it starts the app (main.tsx, an entry of
// its own in vite.config.ts) once the browser has shown its first paint, so that a pre-rendered
// page shows before the app's code is fetched and compiled (decisions 0020 and 0065).
// The build writes the app's script address into `data-app` and links its styles
// (scripts/prerender.mjs).
import { startEarlyRequests } from './earlyRequests';

function startApp(): void {
  const src = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (src) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  } else if (import.meta.env.DEV) {
    // `vite dev` serves the sources as they are.
    void import('./main');
  }
}

/**
 * A click on one of the page's own links before the app has hydrated is held, and the app follows
 * it as a client-side navigation (RootRoute.tsx): a full page load would forget where the visitor
 * came from, which the onboarding entry order needs (SPEC §2).
 */
function holdEarlyLinkClicks(): void {
  const html = document.documentElement;
  document.addEventListener(
    'click',
    (event) => {
      if (html.dataset.hydrated !== undefined || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (link.target || link.hasAttribute('download') || link.getAttribute('href')?.startsWith('#')) return;
      event.preventDefault();
      html.dataset.pendingHref = `${link.pathname}${link.search}${link.hash}`;
    },
    true,
  );
}

/**
 * Runs `start` once the first contentful paint has been presented, not merely produced: the
 * paint's timestamp (the one Lighthouse and the Paint Timing API report) is when the compositor
 * shows the frame, which can come tens of milliseconds after a requestAnimationFrame callback and
 * the task after it. An app script requested there could finish loading before that timestamp,
 * and Lighthouse's simulation then counted its download into the first paint and LCP (1.8–2.0 s
 * instead of 1.0 s in six runs out of eight). The Paint Timing entry is delivered only after the
 * presentation; a second from the first frame is the fallback should it never come.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => setTimeout(once, observer ? 1000 : 0));
}

if (document.getElementById('root')?.hasChildNodes()) {
  holdEarlyLinkClicks();
  afterFirstPaint(startApp);
} else {
  // Nothing pre-rendered to paint (index.html), mostly a signed-in page in a new tab: the session
  // requests go out while the app's code downloads, and the app starts at once.
  startEarlyRequests();
  startApp();
}
