import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryConfig } from './project-config.mts';

const libs = join(import.meta.dirname, '../../libs');

describe('libraryConfig', () => {
  it("builds one entry per export with a source condition, read from the library's package.json", () => {
    const config = libraryConfig(join(libs, 'auth'));
    const lib = config.build?.lib;
    expect(lib && Object.keys(lib.entry as Record<string, string>)).toEqual([
      'index',
      'react',
      'testing',
    ]);
    expect(config.test.name).toBe('@collective/auth');
    expect(config.test.setupFiles).toEqual(['src/test-setup.ts']);
    expect(config.test.environment).toBe('jsdom');
  });

  it('adds the React plugin only for libraries with React as a peer', () => {
    const names = (dir: string) =>
      (libraryConfig(join(libs, dir)).plugins ?? [])
        .flat()
        .map((plugin) =>
          plugin && typeof plugin === 'object' && 'name' in plugin
            ? plugin.name
            : '',
        );
    expect(names('ui').some((name) => name.includes('react'))).toBe(true);
    expect(names('platform').some((name) => name.includes('react'))).toBe(
      false,
    );
  });

  it('takes the test environment from the caller and no set-up file when there is none', () => {
    const config = libraryConfig(join(libs, 'api-client'), {
      environment: 'node',
    });
    expect(config.test.environment).toBe('node');
    expect(config.test.setupFiles).toEqual([]);
  });
});
