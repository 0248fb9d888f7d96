import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryConfig, scopedClassName } from './project-config.mts';

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
    expect(config.test.environment).toBe('jsdom');
    // The shared DOM set-up, and no copy of it in the library.
    expect(config.test.setupFiles).toEqual([
      expect.stringMatching(/tools\/vite\/dom-test-setup\.ts$/),
    ]);
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

  it('takes the test environment from the caller, and gives Node tests no DOM set-up', () => {
    const config = libraryConfig(join(libs, 'api-client'), {
      environment: 'node',
    });
    expect(config.test.environment).toBe('node');
    expect(config.test.setupFiles).toEqual([]);
  });
});

describe('scopedClassName', () => {
  it('names a class by its local name and its file, wherever the file is compiled', () => {
    const file = join(
      libs,
      'auth/src/react/sign-in-screen/sign-in-screen.module.css',
    );
    expect(scopedClassName('card', file)).toBe(
      scopedClassName('card', `${file}?used`),
    );
    expect(scopedClassName('card', file)).toMatch(/^_card_[\w-]{6}$/);
    expect(scopedClassName('card', file)).not.toBe(
      scopedClassName('card', join(libs, 'ui/src/sheet/sheet.module.css')),
    );
  });
});
