#!/usr/bin/env node
/**
 * Sign-in timing benchmark (`npm run bench:auth`; not a test): does a wrong
 * password for a real account take as long as any password for an unknown
 * email? (Issue 14, case 17: the server checks unknown emails against a
 * dummy argon2id hash of the same cost, so timing does not reveal which
 * accounts exist.)
 *
 * Starts the built server (`apps/api/dist/main.js`) on in-memory PGlite
 * with `TRUST_PROXY=loopback`, and sends, one at a time so nothing queues,
 * alternating: a wrong password for one of the demo accounts and a password
 * for a new unknown email, each from an address of its own
 * (`X-Forwarded-For`), so the address limit never answers for the hash.
 * Every fifth attempt on an account is the right password, which clears its
 * failures before the account limit would. It prints the median of each
 * kind (and of the right password), their ratio, and checks that both
 * failures answer the same status and body.
 *
 * Options: --samples=100 (of each kind), --log-level=warn.
 * Target: median(unknown email) / median(wrong password) within 0.75–1.33;
 *         every failure 401 with the same body. Exits 1 when missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_EMAILS,
  DEMO_PASSWORD,
  median,
  readOptions,
  runBench,
  startBuiltServer,
} from './bench-server.mjs';

const TARGET_RATIO = [0.75, 1 / 0.75];
/** Accounts taking the wrong passwords (every demo account); each gets the right one every fifth attempt. */
const ACCOUNTS = DEMO_EMAILS;

async function main() {
  const settings = readOptions(process.argv.slice(2), {
    samples: 100,
    'log-level': 'warn',
  });
  console.log(
    `bench:auth: Node ${process.version}, ${availableParallelism()} cores, ${settings.samples} samples of each kind`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
  const server = await startBuiltServer(
    {
      PGLITE_DATA_DIR: 'memory://',
      DASHBOARD_DIR: 'none',
      LOG_LEVEL: settings['log-level'],
      TRUST_PROXY: 'loopback',
      DATABASE_URL: '',
    },
    join(dir, 'server.log'),
  );
  let addresses = 0;
  const attempt = async (email, password) => {
    addresses += 1;
    const started = performance.now();
    const response = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
      },
      body: JSON.stringify({ email, password }),
    });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  };

  const times = { wrongPassword: [], unknownEmail: [], rightPassword: [] };
  const answers = new Set();
  const failuresOf = new Map();
  try {
    // Warm-up: the first hashes and queries of a fresh process are slower.
    for (let i = 0; i < 5; i += 1) {
      await attempt(`warm-up-${i}@nowhere.test`, 'x');
    }
    for (let i = 0; i < settings.samples; i += 1) {
      const account = ACCOUNTS[i % ACCOUNTS.length];
      if ((failuresOf.get(account) ?? 0) === 4) {
        const right = await attempt(account, DEMO_PASSWORD);
        if (right.status !== 200) {
          throw new Error(`The right password answered ${right.status}`);
        }
        times.rightPassword.push(right.ms);
        failuresOf.set(account, 0);
      }
      const wrong = await attempt(account, `not-the-password-${i}`);
      failuresOf.set(account, (failuresOf.get(account) ?? 0) + 1);
      const unknown = await attempt(`nobody-${i}@nowhere.test`, DEMO_PASSWORD);
      times.wrongPassword.push(wrong.ms);
      times.unknownEmail.push(unknown.ms);
      answers.add(`${wrong.status} ${wrong.body}`);
      answers.add(`${unknown.status} ${unknown.body}`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const medians = Object.fromEntries(
    Object.entries(times).map(([kind, values]) => [
      kind,
      Number(median(values).toFixed(1)),
    ]),
  );
  const ratio = medians.unknownEmail / medians.wrongPassword;
  console.log(
    `Median sign-in time, ms: wrong password ${medians.wrongPassword}, unknown email ${medians.unknownEmail} (right password ${medians.rightPassword}, ${times.rightPassword.length} samples)`,
  );
  console.log(
    `Ratio unknown email : wrong password ${ratio.toFixed(2)} (target ${TARGET_RATIO[0]}–${TARGET_RATIO[1].toFixed(2)})`,
  );
  console.log(`Distinct failure answers: ${[...answers].join(' | ')}`);

  const problems = [];
  if (!(ratio >= TARGET_RATIO[0] && ratio <= TARGET_RATIO[1])) {
    problems.push(`ratio ${ratio.toFixed(2)} outside the target`);
  }
  if (answers.size !== 1 || ![...answers][0].startsWith('401 ')) {
    problems.push('the failures did not all answer one 401 with one body');
  }
  return problems;
}

runBench(
  'bench:auth',
  'medians within a third of each other, one 401 body',
  main,
);
