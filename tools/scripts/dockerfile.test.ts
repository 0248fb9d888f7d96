import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Docker cannot build here, so these checks keep the Dockerfile honest
// without it: everything it copies exists, or is what the build stage makes.
const root = join(import.meta.dirname, '../..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The `COPY` instructions: options, sources and destination. */
const copies = [...dockerfile.matchAll(/^COPY\s+(.+)$/gm)].map((match) => {
  const words = (match[1] ?? '').split(/\s+/);
  const options = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  return { options, sources: paths.slice(0, -1) };
});

describe('the Dockerfile', () => {
  it('copies from the build context only files that exist and .dockerignore keeps', () => {
    const fromContext = copies.filter(
      (copy) => !copy.options.some((option) => option.startsWith('--from')),
    );
    expect(fromContext.length).toBeGreaterThan(0);
    for (const { sources } of fromContext) {
      for (const source of sources) {
        expect(existsSync(join(root, source)), source).toBe(true);
      }
    }
    for (const kept of ['package.json', 'package-lock.json', 'apps', 'libs']) {
      expect(dockerignore, kept).not.toContain(kept);
    }
  });

  it('copies from the build stage the folders the api and dashboard builds write', () => {
    const fromBuild = copies
      .filter((copy) => copy.options.includes('--from=build'))
      .flatMap((copy) => copy.sources);
    const outDir = (project: string) => {
      const config = readFileSync(
        join(root, 'apps', project, 'vite.config.mts'),
        'utf8',
      );
      expect(config, project).toMatch(/outDir: '(\.\/)?dist'/);
      return `/app/apps/${project}/dist`;
    };

    expect(fromBuild).toEqual(
      expect.arrayContaining([outDir('api'), outDir('dashboard')]),
    );
    expect(dockerfile).toMatch(/nx run-many -t build -p api dashboard/);
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/dist\/main\.js"\]/);
  });

  it('runs the server as a user other than root', () => {
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map(
      (match) => match[1],
    );
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toBe('root');
  });
});
