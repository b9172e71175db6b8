// A round-robin HTTP proxy on 127.0.0.1 for the scaling figure: each request goes to
// the next of the given instances over a kept-alive connection, as a load balancer in front of
// several Vestibule instances would. `node bench/round-robin-proxy.mjs` with PORT and
// UPSTREAMS (comma-separated ports); prints "ready".
import http from 'node:http';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = http.createServer((request, response) => {
  const port = upstreams[next];
  next = (next + 1) % upstreams.length;
  const upstream = http.request(
    { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502).end();
  });
  request.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  agent.destroy();
  process.exit(0);
});
