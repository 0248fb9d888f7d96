import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChromiumSetupError,
  DEBIAN_CHROMIUM,
  ensureChromium,
  type ChromiumHost,
} from './ensure-chromium.mjs';

interface FakeHostState {
  executables?: string[];
  root?: boolean;
  aptGet?: boolean;
  /** Exit status per apt-get subcommand; 0 unless given. */
  aptStatus?: Record<string, number>;
  /** What apt-get install puts on disk. */
  installs?: string[];
  /** Binaries whose `--version` fails. */
  broken?: string[];
}

/** A stand-in machine that records the commands it was asked to run. */
function fakeHost(state: FakeHostState = {}) {
  const executables = new Set(state.executables ?? []);
  const commands: string[] = [];
  const host: ChromiumHost = {
    isExecutableFile: (path) => executables.has(path),
    isRoot: () => state.root ?? false,
    hasAptGet: () => state.aptGet ?? false,
    run(command, args) {
      commands.push([command, ...args].join(' '));
      const status = state.aptStatus?.[args[0] ?? ''] ?? 0;
      if (status === 0 && args[0] === 'install') {
        for (const path of state.installs ?? [DEBIAN_CHROMIUM])
          executables.add(path);
      }
      return status;
    },
    version: (path) =>
      state.broken?.includes(path) ? null : 'Chromium 140.0.0.0',
    log: () => undefined,
  };
  return { host, commands };
}

describe('ensureChromium', () => {
  it('uses CHROMIUM_PATH when it points at an executable, without looking further', () => {
    const { host, commands } = fakeHost({
      executables: ['/opt/chrome/chrome', DEBIAN_CHROMIUM],
      root: true,
      aptGet: true,
    });

    expect(ensureChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, host)).toBe(
      '/opt/chrome/chrome',
    );
    expect(commands).toEqual([]);
  });

  it('fails naming CHROMIUM_PATH when it points at nothing executable, and installs nothing', () => {
    const { host, commands } = fakeHost({
      executables: [DEBIAN_CHROMIUM],
      root: true,
      aptGet: true,
    });

    expect(() =>
      ensureChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, host),
    ).toThrow(
      /CHROMIUM_PATH is set to "\/nowhere\/chrome", but that is not an executable file/,
    );
    expect(commands).toEqual([]);
  });

  it("uses Debian's /usr/bin/chromium when it is installed", () => {
    const { host, commands } = fakeHost({
      executables: [DEBIAN_CHROMIUM],
      root: true,
      aptGet: true,
    });

    expect(ensureChromium({}, host)).toBe(DEBIAN_CHROMIUM);
    expect(commands).toEqual([]);
  });

  it('installs chromium with apt-get update then install when root on Debian, and returns its path', () => {
    const { host, commands } = fakeHost({ root: true, aptGet: true });

    expect(ensureChromium({}, host)).toBe(DEBIAN_CHROMIUM);
    expect(commands).toEqual([
      'apt-get update',
      'apt-get install -y --no-install-recommends chromium',
    ]);
  });

  it('stops at the first failing apt-get step and names it', () => {
    const { host, commands } = fakeHost({
      root: true,
      aptGet: true,
      aptStatus: { update: 100 },
    });

    expect(() => ensureChromium({}, host)).toThrow(
      /"apt-get update" failed with exit status 100/,
    );
    expect(commands).toEqual(['apt-get update']);
  });

  it('fails when the install leaves no /usr/bin/chromium behind', () => {
    const { host } = fakeHost({ root: true, aptGet: true, installs: [] });

    expect(() => ensureChromium({}, host)).toThrow(
      `${DEBIAN_CHROMIUM} is still missing`,
    );
  });

  it.each([
    ['not root', { root: false, aptGet: true }],
    ['without apt-get', { root: true, aptGet: false }],
  ])(
    'tells the developer to install Chromium or set CHROMIUM_PATH when %s',
    (_case, state) => {
      const { host, commands } = fakeHost(state);

      expect(() => ensureChromium({}, host)).toThrow(ChromiumSetupError);
      expect(() => ensureChromium({}, host)).toThrow(
        /install it.*or set CHROMIUM_PATH/is,
      );
      expect(commands).toEqual([]);
    },
  );

  it('fails when the browser it found does not start', () => {
    const { host } = fakeHost({
      executables: [DEBIAN_CHROMIUM],
      broken: [DEBIAN_CHROMIUM],
    });

    expect(() => ensureChromium({}, host)).toThrow(/does not start/);
  });
});

describe('ensure-chromium.mjs', () => {
  const script = join(import.meta.dirname, 'ensure-chromium.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'ensure-chromium-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints only the CHROMIUM_PATH on stdout and exits 0 when that browser runs', () => {
    const browser = join(dir, 'fake-chrome');
    writeFileSync(browser, '#!/bin/sh\necho "Fake Chromium 1.0"\n');
    chmodSync(browser, 0o755);

    const result = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: browser },
      encoding: 'utf8',
    });

    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${browser}\n`);
    expect(result.stderr).toContain('Fake Chromium 1.0');
  });

  it('exits non-zero with the reason on stderr when CHROMIUM_PATH is wrong', () => {
    const result = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: join(dir, 'missing') },
      encoding: 'utf8',
    });

    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('CHROMIUM_PATH is set to');
  });
});
