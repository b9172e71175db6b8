import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { createLogger, wantsPrettyLogs } from './logger';
import { startMetricsServer } from './operations/metrics-server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
import { createServer } from './server';
import { VERSION } from './version';

/** Before the configuration is read: JSON lines unless a developer's terminal reads them. */
const pretty = wantsPrettyLogs(process.env.NODE_ENV === 'production');
/** Fatal errors and crash reasons as one JSON line each (the server's own logger may not exist yet). */
const processLog = createLogger('info', { pretty });

/** A crash says why in one line a log collector keeps whole, then exits. */
function exitOnCrash(reason: string) {
  return (error: unknown) => {
    processLog.fatal({ err: error }, reason);
    process.exit(1);
  };
}

/** `npm start`: one server on PORT with the SPA, the API and (outside production) the dev inbox. */
async function main() {
  if (process.argv.includes('--version')) {
    console.log(VERSION);
    return;
  }
  process.on('uncaughtException', exitOnCrash('uncaught exception'));
  process.on('unhandledRejection', exitOnCrash('unhandled promise rejection'));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      if (pretty) console.error(error.message);
      else processLog.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await createServer(config).catch((error) => {
    // Keys that cannot open the database: a configuration mistake, said without a stack trace.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  await server.app.listen({ port: config.port, host: config.host });
  const metricsServer: Server | undefined = config.metricsPort
    ? await startMetricsServer(server.app, config.metricsPort)
    : undefined;
  const port = (server.app.server.address() as { port: number }).port;
  const lines = [
    '',
    `Vestibule is up (${server.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`,
    // The configured public origins (PUBLIC_URL, PUBLIC_URL_LU; by default on this port).
    `  General edition:     ${config.publicUrls.general}`,
    `  Luxembourg edition:  ${config.publicUrls.lu}`,
    ...(config.devInbox ? [`  Dev inbox:           http://localhost:${port}/dev/inbox`] : []),
    ...(metricsServer ? [`  Metrics:             http://127.0.0.1:${config.metricsPort}/metrics`] : []),
    '',
    ...(config.seedDemoData
      ? [
          `Demo logins (password ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.note}`),
          '',
        ]
      : []),
  ];
  if (pretty) console.log(lines.join('\n'));
  else logStartBanner(server, config, metricsServer ? config.metricsPort : undefined);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    server.app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    // The budget is a promise to the orchestrator: past it, whatever is still open is cut.
    const deadline = setTimeout(() => {
      server.app.log.error({ afterMs: Date.now() - started }, 'shutdown timed out: closing every connection');
      server.app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    metricsServer?.close();
    await server.close();
    server.app.log.info({ afterMs: Date.now() - started }, 'shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The start banner as one line: where the editions answer, which database, which version. */
function logStartBanner(
  server: Awaited<ReturnType<typeof createServer>>,
  config: ReturnType<typeof loadConfig>,
  metricsPort: number | undefined,
) {
  server.app.log.info(
    {
      database: server.database.kind === 'pglite' ? 'embedded' : 'postgresql',
      publicUrls: config.publicUrls,
      ...(metricsPort ? { metricsPort } : {}),
      ...(config.seedDemoData ? { demoAccounts: DEMO_ACCOUNTS.map((a) => a.email) } : {}),
    },
    'Vestibule is up',
  );
}

main().catch(exitOnCrash('start failed'));
