import type { SpaConfig } from '@vestibule/contract/spaConfig';

type Settings = NonNullable<SpaConfig['errorReporting']>;
type BrowserEvent = {
  message?: string;
  user?: unknown;
  request?: { url?: string; headers?: unknown; cookies?: unknown; data?: unknown; query_string?: unknown };
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: { message?: string; data?: unknown }[];
  extra?: unknown;
};

/**
 * What may name a person goes before a report leaves the browser: the user, the request's
 * headers, cookies and query (codes and tokens travel there), texts scrubbed of e-mails,
 * numbers, IBANs, codes and tokens.
 */
export function scrubBrowserEvent<T extends BrowserEvent>(event: T, scrub: (text: string) => string): T {
  delete event.user;
  delete event.extra;
  if (event.request) {
    const path = event.request.url ? new URL(event.request.url).pathname : undefined;
    event.request = path ? { url: scrub(path) } : {};
  }
  if (event.message) event.message = scrub(event.message);
  for (const exception of event.exception?.values ?? [])
    if (exception.value) exception.value = scrub(exception.value);
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrub(crumb.message);
    delete crumb.data;
  }
  return event;
}

/**
 * Starts the SPA's error reports (SENTRY_DSN_WEB). main.tsx imports this module only when the
 * server configured them, so @sentry/browser stays out of the login page's bundle otherwise.
 * Traces and session replays are sampled at the configured rates, 0 by default (SPEC).
 */
export async function startErrorReporting(settings: Settings): Promise<void> {
  const [Sentry, { scrubPersonalData }] = await Promise.all([
    import('@sentry/browser'),
    import('@vestibule/contract/personal-data'),
  ]);
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSampleRate,
    replaysOnErrorSampleRate: settings.replaysSampleRate,
    // Replays mask every text and input and block media when an operator turns them on.
    integrations: (defaults) => [
      ...defaults,
      ...(settings.replaysSampleRate > 0
        ? [Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true })]
        : []),
    ],
    beforeSend: (event) => scrubBrowserEvent(event, scrubPersonalData),
    beforeBreadcrumb: (crumb) =>
      crumb.message ? { ...crumb, message: scrubPersonalData(crumb.message) } : crumb,
  });
}
