/**
 * Error reports to a Sentry-compatible service, loaded only when SENTRY_DSN is set (app.ts
 * imports this module then): unexpected server errors, with the request id and without personal
 * data. Traces are OpenTelemetry's (operations/telemetry.ts): Sentry's own stay at the configured
 * rate, 0 unless SENTRY_TRACES_SAMPLE_RATE says otherwise (SPEC).
 */
import * as Sentry from '@sentry/node';
import { scrubPersonalData } from '@vestibule/contract/personal-data';
import type { Config } from '../config';
import { INSTANCE, VERSION } from '../version';

export type ReportError = (error: unknown, requestId: string) => void;

type SentryEvent = Parameters<NonNullable<Sentry.NodeOptions['beforeSend']>>[0];

/** What may name a person goes: request details, user, texts scrubbed of e-mails, numbers, codes. */
export function scrubEvent<T extends SentryEvent>(event: T): T {
  delete event.user;
  delete event.request;
  delete event.server_name;
  if (event.message) event.message = scrubPersonalData(event.message);
  for (const exception of event.exception?.values ?? [])
    if (exception.value) exception.value = scrubPersonalData(exception.value);
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubPersonalData(crumb.message);
    delete crumb.data;
  }
  delete event.extra;
  return event;
}

export function startErrorReporting(config: NonNullable<Config['errorReporting']>): ReportError {
  Sentry.init({
    dsn: config.dsn,
    release: `vestibule@${VERSION}`,
    environment: config.environment,
    // The instance is named by a tag: server_name, which may hold a host name, is dropped.
    initialScope: { tags: { instance: INSTANCE } },
    // Nothing about the person or the request is collected; beforeSend scrubs what remains.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
    },
    tracesSampleRate: config.tracesSampleRate,
    // OpenTelemetry, when on, is set up by operations/telemetry.ts, not by Sentry.
    enableOpenTelemetrySetup: false,
    // No automatic instrumentation: only the errors the server hands over.
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration()],
    beforeSend: scrubEvent,
  });
  return (error, requestId) => {
    Sentry.captureException(error, { tags: { request_id: requestId } });
  };
}

/** Sends what is queued before the process exits. */
export function flushErrorReports(timeoutMs: number): Promise<boolean> {
  return Sentry.flush(timeoutMs);
}
