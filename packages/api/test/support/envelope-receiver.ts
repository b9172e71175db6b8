import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface ReceivedEnvelope {
  path: string;
  header: Record<string, unknown>;
  items: { header: { type: string }; payload: Record<string, unknown> }[];
}

/**
 * A local error-reporting service that speaks Sentry's envelope protocol: POST
 * /api/<project>/envelope/ with a newline-separated envelope header, then item header and payload
 * pairs. Answers 200 and keeps every envelope.
 */
export async function startEnvelopeReceiver() {
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      const [header, ...rest] = body.split('\n').filter(Boolean);
      const items: ReceivedEnvelope['items'] = [];
      for (let i = 0; i + 1 < rest.length; i += 2)
        items.push({ header: JSON.parse(rest[i] as string), payload: JSON.parse(rest[i + 1] as string) });
      envelopes.push({ path: request.url ?? '', header: JSON.parse(header ?? '{}'), items });
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    /** A DSN that reports to this receiver, project 42. */
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    /** The events received, as the service would store them. */
    events: () =>
      envelopes.flatMap((envelope) =>
        envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
