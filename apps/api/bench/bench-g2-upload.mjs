#!/usr/bin/env node
/**
 * The 500,000-row G2 upload (`npm run bench:g2`; not a test; issue 23,
 * docs/decisions/0099). For each database — PGlite with its data on disk
 * (a temporary PGLITE_DATA_DIR, as `npm start` keeps it under .data/) and
 * PostgreSQL — it starts the built server (`apps/api/dist/main.js`; the
 * npm script builds it) with the demo data, confirms the mappings of 50
 * partner store ids by the mapping import, then, as the collective admin:
 *
 * 1. uploads a CSV of `--rows` rows (500,000) dated in the previous month,
 *    generated while it is sent (multipart, streamed: never held whole by
 *    this script either), and times the answer (the file spooled, read
 *    and staged);
 * 2. polls the upload until the validation job has made it ready, timing it;
 * 3. commits it (timed), checks that the dashboard summary's 12-month
 *    weight grew by exactly the upload's weight to commit, rolls it back
 *    (timed) and checks the summary is as before;
 *
 * while the server's resident memory (VmRSS) is sampled every 100 ms from
 * just before the upload to the end. Target: the peak stays less than
 * 100 MB above the resident memory before the upload (issue 23).
 *
 * PostgreSQL comes from TEST_DATABASE_URL (a new database, dropped
 * afterwards); without it, the script runs itself again under
 * scripts/with-postgres.sh, which starts a throwaway server.
 *
 * Options: --rows=500000, --skip-pglite, --skip-postgres.
 * Exit code 0 when every target was met, 1 when one was missed, 2 when it
 * could not run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import {
  rerunUnderPostgres,
  residentBytes,
  signIn,
  startBuiltServer,
} from './bench-server.mjs';


/** How much the server's memory may grow over the whole upload (issue 23). */
const MAX_GROWTH_BYTES = 100 * 1024 * 1024;
const ADMIN = 'admin@pact.test';
const PARTNER_IDS = 50;
const MATERIALS = ['PP #5', 'PET #1', 'HDPE #2', 'Glass', 'Aluminium', 'Mixed'];
const BOUNDARY = '----benchg2upload7MA4YWxkTrZu0gW';
/** A 500,000-row upload validates in minutes on a busy 2-core machine. */
const VALIDATION_TIMEOUT_MS = 30 * 60_000;

function options(argv) {
  const rows = argv.find((arg) => arg.startsWith('--rows='));
  const count = rows ? Number(rows.slice('--rows='.length)) : 500_000;
  if (!Number.isInteger(count) || count < 1 || count > 500_000) {
    throw new Error('--rows must be a whole number from 1 to 500,000');
  }
  return {
    rows: count,
    skipPglite: argv.includes('--skip-pglite'),
    skipPostgres: argv.includes('--skip-postgres'),
  };
}

/** The previous month's first and last day, `YYYY-MM-DD`. */
function previousMonth(now = new Date()) {
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1),
  );
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return {
    start: first.toISOString().slice(0, 10),
    end: last.toISOString().slice(0, 10),
    month: first.toISOString().slice(0, 8),
  };
}

/**
 * The multipart body of a CSV of `rows` rows, yielded 64 KB at a time as
 * it is made: partner ids KS-B0 to KS-B49, days 1 to 28 of `month`
 * (`YYYY-MM-`), the six materials, weights from 0.5 to 40.499 kg — no two
 * rows alike below 840,000 rows (so none is a repeat left out).
 */
async function* partnerFile(rows, month) {
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench-${rows}.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      'Store id,Date,Material,Weight (kg)\n',
  );
  let chunk = '';
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    chunk += `KS-B${i % PARTNER_IDS},${month}${day},${MATERIALS[i % MATERIALS.length]},${(((i * 7919) % 40_000) / 1000 + 0.5).toFixed(3)}\n`;
    if (chunk.length >= 65_536) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(`${chunk}\r\n--${BOUNDARY}--\r\n`);
}

/**
 * One call with node:http, as long as it takes (fetch gives up waiting for
 * the answer's headers after 5 minutes, and staging 500,000 rows on a busy
 * machine may take longer): `body` is JSON, a Buffer, or an async iterable
 * of chunks streamed as they come. Resolves to the JSON answer; throws
 * with the status and body of any other.
 */
function api(base, token, method, path, body, headers = {}) {
  const json =
    body !== undefined &&
    !Buffer.isBuffer(body) &&
    !(Symbol.asyncIterator in body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-tenant-code': 'pact',
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode >= 300) {
            reject(
              new Error(
                `${method} ${path} answered ${response.statusCode}: ${text.slice(0, 500)}`,
              ),
            );
          } else resolve(JSON.parse(text));
        });
      },
    );
    request.on('error', reject);
    if (body === undefined) request.end();
    else if (json) request.end(JSON.stringify(body));
    else if (Buffer.isBuffer(body)) request.end(body);
    else pipeline(Readable.from(body), request).catch(reject);
  });
}

/** Confirms KS-B0 … KS-B49 to the first active stores by the mapping import. */
async function mapPartnerIds(base, token) {
  const { stores } = await api(
    base,
    token,
    'GET',
    '/api/stores?page=1&page_size=100',
  );
  const active = stores.filter((store) => store.active !== false);
  const lines = ['partner_store_id,store_id'];
  for (let n = 0; n < PARTNER_IDS; n += 1) {
    lines.push(`KS-B${n},${active[n % active.length].id}`);
  }
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="map.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\n')}\n\r\n--${BOUNDARY}--\r\n`,
  );
  await api(base, token, 'POST', '/api/g2/store-mappings/import', body, {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  });
}

/** Samples the resident memory of `pid` every 100 ms until stopped. */
function memorySampler(pid) {
  const baseline = residentBytes(pid);
  let peak = baseline ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, 100);
  return {
    baseline,
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, residentBytes(pid) ?? 0);
      return { baseline, peak };
    },
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One database: the server started with `env`, the upload, its checks. */
async function run(name, env, settings, logs) {
  const server = await startBuiltServer(
    { SEED_SCALE: '1', LOG_LEVEL: 'warn', DASHBOARD_DIR: 'none', ...env },
    join(logs, `${name}.log`),
    10 * 60_000,
  );
  const checks = [];
  let stopSampling = () => undefined;
  try {
    const token = await signIn(server.base, ADMIN, { 'x-tenant-code': 'pact' });
    await mapPartnerIds(server.base, token);
    const summary = async () =>
      (await api(server.base, token, 'GET', '/api/dashboard/summary')).kpis;
    const before = await summary();
    const period = previousMonth();
    // Let the start-up settle (the job queue, the first answers) before the baseline.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const memory = memorySampler(server.pid);
    stopSampling = memory.stop;

    let started = Date.now();
    const created = await api(
      server.base,
      token,
      'POST',
      `/api/g2/uploads?period_start=${period.start}&period_end=${period.end}`,
      partnerFile(settings.rows, period.month),
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    );
    const uploadMs = Date.now() - started;
    const id = created.upload.id;

    started = Date.now();
    let upload = created.upload;
    while (upload.status === 'validating') {
      if (Date.now() - started > VALIDATION_TIMEOUT_MS) {
        throw new Error(`upload ${id} still validating after 30 minutes`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      upload = (await api(server.base, token, 'GET', `/api/g2/uploads/${id}`))
        .upload;
    }
    const validationMs = Date.now() - started;
    if (upload.status !== 'ready') {
      throw new Error(`upload ${id} ended ${upload.status}: ${upload.failure}`);
    }

    started = Date.now();
    const committed = (
      await api(server.base, token, 'POST', `/api/g2/uploads/${id}/commit`, {
        version: upload.version,
      })
    ).upload;
    const commitMs = Date.now() - started;
    const during = await summary();

    started = Date.now();
    await api(server.base, token, 'POST', `/api/g2/uploads/${id}/rollback`, {
      version: committed.version,
    });
    const rollbackMs = Date.now() - started;
    const after = await summary();
    const { baseline, peak } = memory.stop();

    const growth = baseline === undefined ? undefined : peak - baseline;
    const added = during.weight_kg_12m - before.weight_kg_12m;
    console.log(
      `\n${name}: ${settings.rows.toLocaleString('en')} rows (${upload.totals.valid.toLocaleString('en')} valid, ${upload.totals.errors} with errors, ${upload.totals.warnings.toLocaleString('en')} with warnings; ${upload.totals.weight_kg.toLocaleString('en')} kg to commit)\n` +
        `  upload (sent, spooled, read and staged): ${seconds(uploadMs)}\n` +
        `  validation job:                         ${seconds(validationMs)}\n` +
        `  commit:                                 ${seconds(commitMs)}\n` +
        `  roll back:                              ${seconds(rollbackMs)}\n` +
        `  server memory: ${baseline === undefined ? 'not measured (no /proc)' : `${megabytes(baseline)} before, peak ${megabytes(peak)}: grew ${megabytes(growth)} (budget ${megabytes(MAX_GROWTH_BYTES)})`}\n` +
        `  dashboard 12-month weight: +${added.toFixed(1)} kg after the commit, ${(after.weight_kg_12m - before.weight_kg_12m).toFixed(1)} kg after the roll back`,
    );
    checks.push(
      [
        `${name}: the server's memory grew < 100 MB over the upload (${growth === undefined ? 'not measured' : megabytes(growth)})`,
        growth !== undefined && growth < MAX_GROWTH_BYTES,
      ],
      [
        `${name}: every row staged (${upload.totals.rows.toLocaleString('en')})`,
        upload.totals.rows === settings.rows,
      ],
      [
        `${name}: the commit added exactly the upload's weight to the dashboard`,
        Math.abs(added - upload.totals.weight_kg) < 0.5,
      ],
      [
        `${name}: the roll back returned the dashboard summary to what it was`,
        JSON.stringify(after) === JSON.stringify(before),
      ],
    );
  } finally {
    stopSampling();
    await server.stop();
  }
  return checks;
}

async function onPostgres(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const settings = options(process.argv.slice(2));
  if (!settings.skipPostgres && !process.env.TEST_DATABASE_URL) {
    // PostgreSQL is needed: run again under a throwaway server.
    const code = await rerunUnderPostgres(import.meta.url);
    process.exitCode = typeof code === 'number' ? code : 2;
    return;
  }
  console.log(
    `bench:g2: Node ${process.version}, ${availableParallelism()} cores, machine load (1/5/15 min) ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  const logs = mkdtempSync(join(tmpdir(), 'bench-g2-'));
  const checks = [];
  try {
    if (!settings.skipPglite) {
      checks.push(
        ...(await run(
          'PGlite (data on disk)',
          { DATABASE_URL: '', PGLITE_DATA_DIR: join(logs, 'pglite') },
          settings,
          logs,
        )),
      );
    }
    if (!settings.skipPostgres) {
      const serverUrl = process.env.TEST_DATABASE_URL;
      const database = `bench_g2_${process.pid}`;
      await onPostgres(serverUrl, `CREATE DATABASE "${database}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      try {
        checks.push(
          ...(await run(
            'PostgreSQL',
            { DATABASE_URL: url.href },
            settings,
            logs,
          )),
        );
      } finally {
        await onPostgres(
          serverUrl,
          `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`,
        );
      }
    }
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
  console.log(
    `\nMachine load at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}\nTargets:`,
  );
  let failed = false;
  for (const [name, met] of checks) {
    console.log(`  ${met ? 'met   ' : 'MISSED'} ${name}`);
    if (!met) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(
    'bench:g2 failed:',
    error instanceof Error ? error.message : error,
  );
  process.exitCode = 2;
});
