/**
 * What a lazy `import()` of the dashboard's build preloads, trimmed to what
 * is not on the page already (docs/decisions/0027, addendum of issue 25).
 *
 * Vite lists, for every `import()` of a chunk, the target and all its static
 * dependencies (`__vite__mapDeps`), so that they are fetched in parallel
 * instead of one after another. The route table in the signed-in chunk holds
 * one such list per screen, and each list repeats the chunks the shell had to
 * load before any screen can be asked for: the entry, React Router, the API
 * client. Those entries cost bytes in the one chunk every signed-in page
 * loads and preload nothing. {@link preloadTrimmer} drops them, and only them:
 * whatever a screen needs that the page may not have yet stays in its list.
 */
import type { ResolveModulePreloadDependenciesFn } from 'vite';

/** What the trimming needs of an output chunk (a subset of Rolldown's `OutputChunk`). */
export interface ChunkFacts {
  /** `'chunk'` in Rolldown's bundle, where assets say `'asset'`. */
  type?: 'chunk';
  fileName: string;
  /** Output files this chunk imports statically. */
  imports: readonly string[];
  isEntry: boolean;
  /** The chunk's name, `[name]` of its file name. */
  name: string;
  /** The modules the chunk holds (Rolldown may merge a dynamic entry into a shared chunk, which then has no facade). */
  moduleIds: readonly string[];
  isDynamicEntry: boolean;
}

/** The chunk `fileName` and every chunk it imports statically, directly or not. */
export function staticClosure(
  chunks: ReadonlyMap<string, ChunkFacts>,
  fileName: string,
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return seen;
}

/**
 * Chunks that, once loaded, guarantee others are loaded too, though no static
 * import says so: the app renders a chunk's code only after it has loaded its
 * companions (the signed-in shell is rendered with the API client in hand).
 * Each rule: when the host's static closure contains a chunk matching
 * `whenLoaded`, every chunk matching `alsoLoaded` (with its closure) is loaded.
 */
export interface LoadedTogether {
  whenLoaded: (chunk: ChunkFacts) => boolean;
  alsoLoaded: (chunk: ChunkFacts) => boolean;
}

/**
 * The chunks certainly loaded when code of `host` runs: the entries' static
 * closures (an entry runs first on every page), the host's own closure, and
 * what `together` adds to it.
 */
export function loadedWhenRunning(
  chunks: ReadonlyMap<string, ChunkFacts>,
  host: string,
  together: readonly LoadedTogether[] = [],
): Set<string> {
  const loaded = staticClosure(chunks, host);
  for (const chunk of chunks.values()) {
    if (chunk.isEntry)
      staticClosure(chunks, chunk.fileName).forEach((file) => loaded.add(file));
  }
  const inClosure = [...loaded].flatMap((file) => chunks.get(file) ?? []);
  for (const rule of together) {
    if (!inClosure.some(rule.whenLoaded)) continue;
    for (const chunk of chunks.values()) {
      if (rule.alsoLoaded(chunk))
        staticClosure(chunks, chunk.fileName).forEach((file) =>
          loaded.add(file),
        );
    }
  }
  return loaded;
}

/**
 * `deps`, Vite's preload list of an `import()` of `file`, without the files
 * in `loaded` (certainly on the page when the import runs). `file` itself is
 * kept while anything else is: the list still says what the import fetches.
 */
export function trimPreloads(
  file: string,
  deps: readonly string[],
  loaded: ReadonlySet<string>,
): string[] {
  const kept = deps.filter((dep) => dep === file || !loaded.has(dep));
  // A list of the import's own file preloads nothing the import does not
  // fetch anyway; Vite itself writes none then.
  return kept.length === 1 && kept[0] === file ? [] : kept;
}

/**
 * The `resolveDependencies` of `build.modulePreload` that trims each lazy
 * import's preload list ({@link trimPreloads}) with the chunks `record` was
 * given (call it from a `generateBundle` hook of order `pre`, before Vite's
 * import analysis writes the lists). Lists written into HTML are left as
 * they are.
 */
export function preloadTrimmer(together: readonly LoadedTogether[] = []): {
  record: (
    bundle: Record<string, ChunkFacts | { type: 'asset'; fileName: string }>,
  ) => void;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let chunks = new Map<string, ChunkFacts>();
  const cache = new Map<string, Set<string>>();
  return {
    record(bundle) {
      cache.clear();
      chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'asset' ? [] : [[output.fileName, output]],
        ),
      );
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !chunks.has(hostId)) return deps;
      let loaded = cache.get(hostId);
      if (!loaded) {
        loaded = loadedWhenRunning(chunks, hostId, together);
        cache.set(hostId, loaded);
      }
      return trimPreloads(file, deps, loaded);
    },
  };
}
