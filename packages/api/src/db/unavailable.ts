/**
 * Whether an error means the database cannot be reached or answer right now (so the request is
 * answered 503 and may be retried), not that the statement or its data is wrong.
 */

/** SQLSTATEs of a connection lost or refused, a server shutting down or a statement cut short. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|57014|53300|25P03)$/;
/** Socket errors of a server that is down, restarting or out of reach. */
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection it lost or could not get in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code)))
    return true;
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true;
  // A host name that resolves to several addresses fails with each of them at once.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
