// The server of a crash run: always on the same port and data, so that a restart after a kill is
// the same portal to the traffic loops (their clients keep the origin, only their connections are
// replaced). Wraps robustness/server.mjs, which starts it as `npm start` does.
import { freePort, killServer, startServer, stopServer } from '../server.mjs';
import { ENCRYPTION_KEY, MAIL_FROM } from './options.mjs';

/** The server's environment: providers pointed at the capture, budgets out of the way. */
function serverEnv(capture, dbEnv) {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'off',
    // E-mail to the capturing SMTP server, SMS to the capturing SMS API; the dev inbox stays on
    // so that the driver reads its codes where a developer would (/dev/inbox.json).
    DEV_INBOX: 'on',
    SMTP_URL: capture.smtpUrl,
    MAIL_FROM,
    SMS_API_URL: capture.smsApiUrl,
    SMS_ACCOUNT_SID: 'ACcrash',
    SMS_AUTH_TOKEN: 'crash-token',
    SMS_SENDER_GENERAL: 'Vestibule',
    ENCRYPTION_KEY,
    // All traffic comes from 127.0.0.1 and the same accounts send many codes: the budgets must
    // not be what stops the run (the per-account code-check limit of 20 in 15 min stays).
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_CODES_PER_IP: '100000000',
    RATE_LIMIT_CODES_PER_ACCOUNT: '100000000',
    RATE_LIMIT_SMS_PER_NUMBER: '100000000',
    RATE_LIMIT_CODE_CHECKS_PER_IP: '100000000',
    ...dbEnv,
  };
}

export class ServerUnderTest {
  /** The live (or just killed) child process; undefined before the start and after a clean stop. */
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  current = undefined;

  static async create({ capture, dbEnv, logFile }) {
    return new ServerUnderTest({ env: serverEnv(capture, dbEnv), port: await freePort(), logFile });
  }

  constructor(options) {
    this.options = options;
  }

  get origin() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  async start() {
    this.current = await startServer(this.options);
    return this.current;
  }

  /** SIGKILL: what the crash run is about. */
  kill() {
    return killServer(this.current);
  }

  /** The graceful stop at the end, once the outbox is drained. */
  async stop() {
    await stopServer(this.current);
    this.current = undefined;
  }
}
