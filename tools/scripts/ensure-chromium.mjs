#!/usr/bin/env node
/**
 * Makes sure a Chromium for the end-to-end tests is available and prints its
 * path on stdout (progress and errors go to stderr, so
 * `CHROMIUM_PATH=$(node tools/scripts/ensure-chromium.mjs)` works).
 *
 * 1. `CHROMIUM_PATH` set: it must be an executable file; it is used as is.
 * 2. Otherwise Debian's `/usr/bin/chromium` is used when present.
 * 3. Otherwise, as root on a system with apt-get (Debian, Ubuntu, CI images),
 *    `apt-get update` and `apt-get install -y --no-install-recommends chromium`
 *    run with their output streamed, then the binary is checked again.
 * 4. Otherwise it fails and says how to install Chromium or set CHROMIUM_PATH.
 *
 * Never downloads a browser through Playwright (`playwright install` needs
 * internet access the project does not assume).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian's `chromium` package installs the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** What a developer can do when no Chromium is found and none can be installed here. */
export const HOW_TO_GET_CHROMIUM = [
  'No Chromium found for the end-to-end tests.',
  `Install it (Debian/Ubuntu: "sudo apt-get install chromium", which provides ${DEBIAN_CHROMIUM}),`,
  'or set CHROMIUM_PATH to a Chromium or Chrome binary, for example',
  '  CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" (macOS).',
].join('\n');

/** A failure the developer can fix; its message says how. */
export class ChromiumSetupError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ChromiumSetupError';
  }
}

/**
 * What the script needs from the machine, passed in so tests can stand in for it.
 * @typedef {object} ChromiumHost
 * @property {(path: string) => boolean} isExecutableFile Whether `path` is a file this user may execute.
 * @property {() => boolean} isRoot Whether the script runs as root.
 * @property {() => boolean} hasAptGet Whether apt-get is on the PATH.
 * @property {(command: string, args: string[]) => number} run Runs a command with its output streamed to stderr; returns its exit status.
 * @property {(path: string) => string | null} version `<path> --version` output, or null when it does not run.
 * @property {(message: string) => void} log Writes a progress line to stderr.
 */

/**
 * Finds or installs Chromium following the order in the file comment and
 * returns its path. Throws {@link ChromiumSetupError} when that fails.
 * @param {Record<string, string | undefined>} env
 * @param {ChromiumHost} host
 * @returns {string}
 */
export function ensureChromium(env, host) {
  const configured = env['CHROMIUM_PATH'];
  if (configured) {
    if (!host.isExecutableFile(configured)) {
      throw new ChromiumSetupError(
        `CHROMIUM_PATH is set to "${configured}", but that is not an executable file.\n` +
          `Point it at a Chromium or Chrome binary, or unset it to use ${DEBIAN_CHROMIUM}.`,
      );
    }
    return verified(configured, host, 'CHROMIUM_PATH');
  }
  if (host.isExecutableFile(DEBIAN_CHROMIUM)) {
    return verified(DEBIAN_CHROMIUM, host, 'the installed browser');
  }
  if (!host.isRoot() || !host.hasAptGet()) {
    throw new ChromiumSetupError(HOW_TO_GET_CHROMIUM);
  }
  host.log(
    `Chromium is missing; installing Debian's chromium package (${DEBIAN_CHROMIUM}) with apt-get.`,
  );
  const steps = [
    ['update'],
    ['install', '-y', '--no-install-recommends', 'chromium'],
  ];
  for (const args of steps) {
    const status = host.run('apt-get', args);
    if (status !== 0) {
      throw new ChromiumSetupError(
        `"apt-get ${args.join(' ')}" failed with exit status ${status} (see its output above).\n` +
          HOW_TO_GET_CHROMIUM,
      );
    }
  }
  if (!host.isExecutableFile(DEBIAN_CHROMIUM)) {
    throw new ChromiumSetupError(
      `apt-get installed chromium, but ${DEBIAN_CHROMIUM} is still missing.\n${HOW_TO_GET_CHROMIUM}`,
    );
  }
  return verified(DEBIAN_CHROMIUM, host, 'the freshly installed browser');
}

/**
 * Checks that the binary at `path` starts (`--version`) and returns `path`.
 * @param {string} path
 * @param {ChromiumHost} host
 * @param {string} origin Where the path came from, for the error message.
 * @returns {string}
 */
function verified(path, host, origin) {
  const version = host.version(path);
  if (version === null) {
    throw new ChromiumSetupError(
      `${path} (${origin}) does not start: "${path} --version" failed.\n` +
        'Reinstall Chromium or point CHROMIUM_PATH at a working binary.',
    );
  }
  host.log(`Using ${version} at ${path}.`);
  return path;
}

/**
 * The real machine.
 * @type {ChromiumHost}
 */
export const systemHost = {
  isExecutableFile(path) {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
  isRoot() {
    return process.getuid?.() === 0;
  },
  hasAptGet() {
    return (process.env['PATH'] ?? '')
      .split(delimiter)
      .some(
        (dir) =>
          dir !== '' && systemHost.isExecutableFile(join(dir, 'apt-get')),
      );
  },
  run(command, args) {
    const result = spawnSync(command, args, {
      // stdout is reserved for the browser path, so the command's output goes to stderr.
      stdio: ['ignore', process.stderr, process.stderr],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return result.status ?? 1;
  },
  version(path) {
    const result = spawnSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    return result.status === 0 ? result.stdout.trim() : null;
  },
  log(message) {
    process.stderr.write(`${message}\n`);
  },
};

/** Runs the script: prints the path, or the reason and exit status 1. */
function main() {
  try {
    process.stdout.write(`${ensureChromium(process.env, systemHost)}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ensure-chromium: ${message}\n`);
    process.exitCode = 1;
  }
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
) {
  main();
}
