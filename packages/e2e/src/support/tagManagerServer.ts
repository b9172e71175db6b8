import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';

/**
 * A stand-in tag manager on 127.0.0.1 that records every request. Its gtm.js behaves like a
 * measuring container: it sends the page's address and the whole data layer to /collect on load
 * and on every push, so whatever reached the data layer reaches the recorder.
 */
export interface TagManagerRecorder {
  origin: string;
  /** Path and query of every request received, bodies of /collect included. */
  requests: { url: string; body: string }[];
  close(): Promise<void>;
}

const CONTAINER = (origin: string) => `(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  function plain(entry) {
    return Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry) : entry;
  }
  function send() {
    var body = JSON.stringify({ page: location.href, referrer: document.referrer, layer: layer.map(plain) });
    fetch('${origin}/collect', { method: 'POST', body: body, mode: 'no-cors', keepalive: true });
  }
  var push = layer.push;
  layer.push = function () {
    var result = push.apply(layer, arguments);
    send();
    return result;
  };
  send();
})();`;

export async function startTagManagerRecorder(): Promise<TagManagerRecorder> {
  const requests: TagManagerRecorder['requests'] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ url: request.url ?? '', body });
      if (request.url?.startsWith('/gtm.js')) {
        response.writeHead(200, { 'content-type': 'application/javascript' }).end(CONTAINER(origin));
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the recorder has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface PortalServer {
  general: string;
  luxembourg: string;
  stop(): Promise<void>;
}

/**
 * A second portal, built as the e2e one, with a tag manager configured: the shared e2e server
 * has none, and its other specs would meet the consent question on every page.
 */
export async function startPortalWithTagManager(
  port: number,
  tagManagerOrigin: string,
): Promise<PortalServer> {
  const root = new URL('../../../..', import.meta.url).pathname;
  const dataDir = join(tmpdir(), `vestibule-e2e-tag-manager-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn('node', [...SERVER_NODE_FLAGS, 'packages/api/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEV_INBOX: 'on',
      TAG_MANAGER_ID: 'GTM-E2ETEST',
      TAG_MANAGER_URL: tagManagerOrigin,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  });
  const general = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    const healthy = await fetch(`${general}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the portal did not start');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    general,
    luxembourg: `http://lu.localhost:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
