import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react';
import { pushPageView } from '../lib/dataLayer';
import { currentEdition } from '../lib/edition';
import { whenQueryClient } from '../lib/queryBridge';
import { focusMainHeading } from './focusHeading';
import { pageTitle } from './pageTitle';

/**
 * The account's language (app/userLanguage.ts), followed once the query client has loaded: the
 * login page loads without TanStack Query, and nothing can be cached before its client exists.
 */
function useUserLanguage(): void {
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe: (() => void) | undefined;
    const cancel = whenQueryClient((client) => {
      void import('./userLanguage').then(({ followUserLanguage }) => {
        if (live) unsubscribe = followUserLanguage(client, appliedFor);
      });
    });
    return () => {
      live = false;
      cancel();
      unsubscribe?.();
    };
  }, []);
}

/**
 * The page's own title ("Security · Vestibule", app/pageTitle.ts), one `virtual_page_view` per
 * navigation (SPEC §1), and after a client-side navigation the focus on the page's main heading.
 */
function usePageViews(): void {
  const location = useLocation();
  const { t } = useTranslation();
  const brand = currentEdition().brandName;
  const referrer = useRef<string | null>(null);
  const lastKey = useRef<string | null>(null);
  const cancelFocus = useRef<() => void>(() => {});

  const title = pageTitle(location.pathname, t, brand);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // React's development double effects must not count a page twice.
    if (lastKey.current === location.key) return;
    const firstPage = lastKey.current === null;
    lastKey.current = location.key;
    document.title = pageTitle(location.pathname, t, brand);
    const href = window.location.href;
    pushPageView({ location: href, title: document.title, referrer: referrer.current ?? document.referrer });
    referrer.current = href;
    if (!firstPage) {
      cancelFocus.current();
      cancelFocus.current = focusMainHeading();
    }
  }, [location.key, location.pathname, t, brand]);

  useEffect(() => () => cancelFocus.current(), []);
}

/**
 * Once the app runs, it follows a link clicked on the pre-rendered page before (entry.ts), and
 * links work as the router's from then on.
 */
function useEarlyLinkClicks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.hydrated = '';
    const pending = html.dataset.pendingHref;
    if (!pending) return;
    delete html.dataset.pendingHref;
    void navigate(pending);
  }, [navigate]);
}

export function RootRoute() {
  useEarlyLinkClicks();
  useUserLanguage();
  usePageViews();
  return <Outlet />;
}
