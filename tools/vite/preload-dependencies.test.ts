import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChunkFacts,
  loadedWhenRunning,
  preloadTrimmer,
  staticClosure,
  trimPreloads,
} from './preload-dependencies.mts';

/** A chunk of a made-up build. */
function chunk(
  fileName: string,
  imports: string[] = [],
  facts: Partial<ChunkFacts> = {},
): ChunkFacts {
  return {
    fileName,
    imports,
    isEntry: false,
    isDynamicEntry: false,
    moduleIds: [],
    name: fileName.replace(/\.js$/, ''),
    ...facts,
  };
}

/** The dashboard's shape: entry → shell (lazy) → screens (lazy); the API client lazy from the entry. */
const build = new Map(
  [
    chunk('index.js', ['react.js'], { isEntry: true }),
    chunk('react.js'),
    chunk('signed-in.js', ['index.js', 'router.js'], { isDynamicEntry: true }),
    chunk('router.js', ['react.js']),
    chunk('api.js', ['index.js', 'schemas.js'], {
      moduleIds: ['/libs/api-client/src/index.ts'],
    }),
    chunk('schemas.js'),
    chunk('screen.js', ['signed-in.js', 'router.js', 'schemas.js', 'kit.js'], {
      isDynamicEntry: true,
    }),
    chunk('kit.js', ['router.js']),
  ].map((c) => [c.fileName, c]),
);

const shellNeedsApi = [
  {
    whenLoaded: (c: ChunkFacts) => c.name === 'signed-in',
    alsoLoaded: (c: ChunkFacts) =>
      c.moduleIds.some((id) => id.includes('api-client')),
  },
];

describe('staticClosure', () => {
  it('follows static imports, directly or not, once each', () => {
    expect([...staticClosure(build, 'screen.js')].sort()).toEqual(
      [
        'index.js',
        'kit.js',
        'react.js',
        'router.js',
        'schemas.js',
        'screen.js',
        'signed-in.js',
      ].sort(),
    );
  });

  it('ends on cycles and ignores files the build does not have', () => {
    const cyclic = new Map([
      ['a.js', chunk('a.js', ['b.js'])],
      ['b.js', chunk('b.js', ['a.js', 'gone.js'])],
    ]);
    expect([...staticClosure(cyclic, 'a.js')]).toEqual(['a.js', 'b.js']);
  });
});

describe('loadedWhenRunning', () => {
  it("is the entry's and the host's closures", () => {
    expect([...loadedWhenRunning(build, 'signed-in.js')].sort()).toEqual(
      ['index.js', 'react.js', 'router.js', 'signed-in.js'].sort(),
    );
  });

  it('adds what is loaded together with a chunk of the closure', () => {
    const loaded = loadedWhenRunning(build, 'signed-in.js', shellNeedsApi);
    expect(loaded.has('api.js')).toBe(true);
    expect(loaded.has('schemas.js')).toBe(true);
    expect(loaded.has('kit.js')).toBe(false);
  });

  it('adds nothing when no chunk of the closure is named by a rule', () => {
    const loaded = loadedWhenRunning(build, 'index.js', shellNeedsApi);
    expect(loaded.has('api.js')).toBe(false);
  });
});

describe('trimPreloads', () => {
  it('keeps the imported file and what is not loaded yet, in order', () => {
    expect(
      trimPreloads(
        'screen.js',
        ['screen.js', 'router.js', 'kit.js', 'schemas.js'],
        loadedWhenRunning(build, 'signed-in.js', shellNeedsApi),
      ),
    ).toEqual(['screen.js', 'kit.js']);
  });

  it('gives no list when only the imported file would be left', () => {
    expect(trimPreloads('a.js', ['a.js', 'b.js'], new Set(['b.js']))).toEqual(
      [],
    );
  });

  it('never adds a file, never keeps a loaded one other than the import, keeps the order', () => {
    const file = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(
        file,
        fc.uniqueArray(file),
        fc.uniqueArray(file),
        (target, deps, loaded) => {
          const list = [target, ...deps.filter((dep) => dep !== target)];
          const kept = trimPreloads(target, list, new Set(loaded));
          expect(kept.filter((dep) => !list.includes(dep))).toEqual([]);
          expect(
            kept.filter((dep) => dep !== target && loaded.includes(dep)),
          ).toEqual([]);
          expect(kept).toEqual(list.filter((dep) => kept.includes(dep)));
          const others = list.filter(
            (dep) => dep !== target && !loaded.includes(dep),
          );
          expect(kept).toEqual(others.length > 0 ? [target, ...others] : []);
        },
      ),
    );
  });
});

describe('preloadTrimmer', () => {
  const trimmer = preloadTrimmer(shellNeedsApi);
  trimmer.record({
    ...Object.fromEntries(build),
    // Assets have file names too (they are not chunks).
    'style.css': { type: 'asset', fileName: 'style.css' },
  });

  it("trims a lazy import's list by what its host has loaded", () => {
    expect(
      trimmer.resolveDependencies(
        'screen.js',
        ['screen.js', 'router.js', 'kit.js', 'schemas.js'],
        { hostId: 'signed-in.js', hostType: 'js' },
      ),
    ).toEqual(['screen.js', 'kit.js']);
  });

  it('leaves lists written into HTML, and of hosts it does not know, as they are', () => {
    const deps = ['screen.js', 'router.js'];
    expect(
      trimmer.resolveDependencies('screen.js', deps, {
        hostId: 'index.html',
        hostType: 'html',
      }),
    ).toEqual(deps);
    expect(
      trimmer.resolveDependencies('screen.js', deps, {
        hostId: 'other.js',
        hostType: 'js',
      }),
    ).toEqual(deps);
  });
});
