/**
 * The proxy in front of two server instances for the two-instance soak
 * (`bench-soak.mjs --instances=2`): nginx from Debian's packages
 * (`scripts/ensure-nginx.sh` finds it, or installs it as root), run in the
 * foreground with a configuration of its own in a temporary folder; or,
 * when nginx can't be had (not root, no apt-get), a small Node proxy with
 * the same behaviour. Both:
 * - balance round-robin over the instances, keeping connections to them;
 * - append the client's address to `X-Forwarded-For` (the servers run
 *   with `TRUST_PROXY=loopback`);
 * - pass a request on to the other instance when one refuses the
 *   connection (nothing reached it), and leave an instance that refused
 *   a connection out for 5 s (not one that reset it: a live instance
 *   resets the connection of a body it refuses); a GET whose instance
 *   died while answering is sent again too, any
 *   other request answers 502 (it may have been written: the client
 *   retries it with its Idempotency-Key, or knows its outcome is unknown);
 * - stream answers (a CSV export) without buffering them whole.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ensureNginx = join(here, '..', 'scripts', 'ensure-nginx.sh');

/** How long an instance that refused a connection is left out. */
const DOWN_MS = 5_000;

/** The nginx binary, installed by `ensure-nginx.sh` when missing; `undefined` when it can't be had. */
export function findNginx() {
  const found = spawnSync('bash', [ensureNginx], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const path = found.stdout.trim().split('\n').at(-1);
  return found.status === 0 && path ? path : undefined;
}

/** nginx's configuration: `upstreams` (ports) behind `port`, files under `dir`. */
function nginxConfig(dir, port, upstreams) {
  const servers = upstreams
    // max_fails=0: nginx never leaves an instance out on its own. A live
    // instance that refuses a hostile body closes the connection as a dead
    // one would; with max_fails=1 two such bodies left both instances out
    // for 5 s ("no live upstreams"). A dead instance refuses the connection
    // at once on loopback, and the request goes to the other.
    .map((p) => `    server 127.0.0.1:${p} max_fails=0;`)
    .join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  client_max_body_size 64m;
  large_client_header_buffers 4 32k;
  upstream api {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_send_timeout 120s;
      proxy_read_timeout 120s;
      proxy_buffering off;
    }
  }
}
`;
}

/** Resolves once `base` answers /api/health with 200, or throws after `ms`. */
async function ready(base, ms, alive) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!alive()) throw new Error(`the proxy at ${base} exited at start`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`the proxy at ${base} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts nginx in the foreground in front of `upstreams`; its files in `dir`. */
async function startNginx(nginx, dir, upstreams) {
  const port = await freePort();
  // nginx's workers run as an unprivileged user when started as root.
  chmodSync(dir, 0o755);
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, port, upstreams));
  const child = spawn(
    nginx,
    [
      '-p',
      dir,
      '-c',
      config,
      '-e',
      join(dir, 'nginx-error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await ready(base, 20_000, () => child.exitCode === null);
  return {
    base,
    kind: 'nginx',
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Starts the Node proxy in front of `upstreams` (see the module's comment). */
async function startNodeProxy(upstreams) {
  // Idle sockets are dropped after 30 s, well before the servers' keep-alive
  // timeout (72 s), so a reset means a dying instance, not a stale socket.
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 128,
    timeout: 30_000,
  });
  const targets = upstreams.map((port) => ({ port, downUntil: 0 }));
  let turn = 0;
  const next = (skip) => {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(turn + i) % targets.length];
      if (target !== skip && target.downUntil <= Date.now()) {
        turn = (turn + i + 1) % targets.length;
        return target;
      }
    }
    turn = (turn + 1) % targets.length;
    return targets.find((t) => t !== skip) ?? targets[0];
  };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = request.headers['x-forwarded-for'];
      const headers = {
        ...request.headers,
        'x-forwarded-for': `${forwarded ? `${forwarded}, ` : ''}${request.socket.remoteAddress}`,
      };
      const send = (target, tries) => {
        let answered = false;
        const out = http.request(
          {
            host: '127.0.0.1',
            port: target.port,
            method: request.method,
            path: request.url,
            headers,
            agent,
          },
          (answer) => {
            answered = true;
            response.writeHead(answer.statusCode, answer.headers);
            answer.pipe(response);
            answer.on('error', () => response.destroy());
          },
        );
        out.on('error', (error) => {
          // Only a refused connection says the instance is gone: a live one
          // resets the connection of a body it refuses (as nginx's max_fails=0).
          const refused = error.code === 'ECONNREFUSED';
          if (refused) target.downUntil = Date.now() + DOWN_MS;
          const again =
            !answered &&
            tries < targets.length &&
            (refused || request.method === 'GET' || request.method === 'HEAD');
          if (again) {
            send(next(target), tries + 1);
          } else if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'text/plain' });
            response.end('Bad gateway\n');
          } else {
            response.destroy();
          }
        });
        out.end(body);
      };
      send(next(), 1);
    });
  });
  server.keepAliveTimeout = 30_000;
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${port}`;
  await ready(base, 20_000, () => true);
  return {
    base,
    kind: 'node',
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/**
 * Starts the proxy in front of the instances on `upstreams` (ports):
 * `kind` `nginx`, `node`, or `auto` (nginx when it can be had). Resolves to
 * `{ base, kind, why, stop() }`.
 */
export async function startProxy({ kind = 'auto', dir, upstreams }) {
  if (kind !== 'node') {
    const nginx = findNginx();
    if (nginx) {
      const proxy = await startNginx(nginx, dir, upstreams);
      return { ...proxy, why: `nginx (${nginx})` };
    }
    if (kind === 'nginx')
      throw new Error('nginx could not be found or installed');
  }
  const proxy = await startNodeProxy(upstreams);
  return {
    ...proxy,
    why:
      kind === 'node'
        ? 'the Node proxy (--proxy=node)'
        : 'the Node proxy (nginx could not be found or installed)',
  };
}
