/**
 * Proves that the boundary rules of eslint.config.mjs bite: ESLint runs on
 * probe files placed, in memory only, inside real projects; each import in a
 * forbidden direction must be reported and each allowed one must not. If the
 * tags are loosened, a `*` → `*` constraint is added or the React ban is
 * dropped, these tests fail. They rely only on package names and tags.
 */
import { createProjectGraphAsync, workspaceRoot } from '@nx/devkit';
import { ESLint, type Linter } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** Loading the project graph and the TypeScript parser takes a few seconds on a cold cache. */
const SLOW = 60_000;

const BOUNDARIES = '@nx/enforce-module-boundaries';
const RESTRICTED = 'no-restricted-imports';

let eslint: ESLint;

/** What ESLint reports for `code` as if it were the file at `path` (relative to the workspace root). */
async function lint(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, {
    filePath: join(workspaceRoot, path),
    warnIgnored: true,
  });
  if (!result) throw new Error(`ESLint returned no result for ${path}`);
  const problems = result.messages.filter((m) => m.fatal || m.ruleId === null);
  if (problems.length > 0) {
    throw new Error(
      `ESLint did not lint ${path}: ${problems.map((m) => m.message).join('; ')}`,
    );
  }
  return result.messages;
}

/** The lines on which `ruleId` reported something. */
function linesReportedBy(
  messages: Linter.LintMessage[],
  ruleId: string,
): number[] {
  return messages.filter((m) => m.ruleId === ruleId).map((m) => m.line);
}

beforeAll(async () => {
  // @nx/enforce-module-boundaries reads the cached project graph and silently
  // skips itself when there is none (a fresh clone, or Vitest run outside
  // Nx). Computing the graph here writes that cache, with or without daemon.
  await createProjectGraphAsync({ exitOnError: false });
  // Each file is linted with the eslint.config.mjs nearest to it, as `nx lint`
  // does when it runs `eslint .` inside the project.
  eslint = new ESLint({
    cwd: workspaceRoot,
    flags: ['v10_config_lookup_from_file'],
  });
}, SLOW);

describe('@nx/enforce-module-boundaries', () => {
  it(
    'reports api-client importing auth, because the client layer imports no internal library',
    async () => {
      const messages = await lint(
        'libs/api-client/src/probe.ts',
        "import { createSessionStore } from '@collective/auth';\n\nexport const probe = createSessionStore;\n",
      );

      expect(linesReportedBy(messages, BOUNDARIES)).toEqual([1]);
    },
    SLOW,
  );

  it(
    'reports auth importing tenancy, because imports only point down the layers',
    async () => {
      const messages = await lint(
        'libs/auth/src/probe.ts',
        "import { resolveActiveTenant } from '@collective/tenancy';\n\nexport const probe = resolveActiveTenant;\n",
      );

      expect(linesReportedBy(messages, BOUNDARIES)).toEqual([1]);
    },
    SLOW,
  );

  it(
    'accepts auth importing api-client, the layer right below it',
    async () => {
      // The forbidden import on line 2 proves the rule ran on this file, so
      // silence about line 1 means "allowed", not "rule skipped".
      const messages = await lint(
        'libs/auth/src/probe.ts',
        "import { createApiClient } from '@collective/api-client';\nimport { resolveActiveTenant } from '@collective/tenancy';\n\nexport const probe = [createApiClient, resolveActiveTenant];\n",
      );

      expect(linesReportedBy(messages, BOUNDARIES)).toEqual([2]);
    },
    SLOW,
  );
});

describe('layer tag constraints', () => {
  // The wrong-direction imports above also close a cycle (auth depends on
  // api-client, tenancy on auth), and Nx reports the cycle before it looks at
  // tags. These imports close no cycle, so only the layer tags can catch them.
  it(
    'reports api-client importing ui because the client layer may depend on no library',
    async () => {
      const messages = await lint(
        'libs/api-client/src/probe.ts',
        "import { Button } from '@collective/ui';\n\nexport const probe = Button;\n",
      );

      expect(
        messages.filter((m) => m.ruleId === BOUNDARIES).map((m) => m.message),
      ).toEqual([expect.stringContaining('tagged with "layer:client"')]);
    },
    SLOW,
  );

  it(
    'reports auth importing theming because the session layer may only depend on the platform, client and primitives layers',
    async () => {
      const messages = await lint(
        'libs/auth/src/probe.ts',
        "import { applyTheme } from '@collective/theming';\n\nexport const probe = applyTheme;\n",
      );

      expect(
        messages.filter((m) => m.ruleId === BOUNDARIES).map((m) => m.message),
      ).toEqual([expect.stringContaining('tagged with "layer:session"')]);
    },
    SLOW,
  );
});

describe('the platform layer', () => {
  it(
    'reports platform importing ui, because the layer under everything imports no internal library',
    async () => {
      const messages = await lint(
        'libs/platform/src/probe.ts',
        "import { Button } from '@collective/ui';\n\nexport const probe = Button;\n",
      );

      expect(
        messages.filter((m) => m.ruleId === BOUNDARIES).map((m) => m.message),
      ).toEqual([expect.stringContaining('tagged with "layer:platform"')]);
    },
    SLOW,
  );

  it(
    "accepts theming's core importing platform, and still reports it importing auth",
    async () => {
      const messages = await lint(
        'libs/theming/src/probe.ts',
        "import { createStore } from '@collective/platform';\nimport { deriveAccess } from '@collective/auth';\n\nexport const probe = [createStore, deriveAccess];\n",
      );

      expect(linesReportedBy(messages, BOUNDARIES)).toEqual([2]);
    },
    SLOW,
  );
});

describe('reactFreeCore (no-restricted-imports)', () => {
  it(
    'reports React imported in the core of api-client',
    async () => {
      const messages = await lint(
        'libs/api-client/src/probe.ts',
        "import { useState } from 'react';\n\nexport const probe = useState;\n",
      );

      expect(linesReportedBy(messages, RESTRICTED)).toEqual([1]);
    },
    SLOW,
  );

  it(
    'reports React imported in the core of auth, outside src/react',
    async () => {
      const messages = await lint(
        'libs/auth/src/probe.ts',
        "import { useState } from 'react';\n\nexport const probe = useState;\n",
      );

      expect(linesReportedBy(messages, RESTRICTED)).toEqual([1]);
    },
    SLOW,
  );

  it(
    "accepts React imported under auth's src/react folder",
    async () => {
      const messages = await lint(
        'libs/auth/src/react/probe.tsx',
        "import { useState } from 'react';\n\nexport function useProbe() {\n  return useState(0);\n}\n",
      );

      expect(linesReportedBy(messages, RESTRICTED)).toEqual([]);
    },
    SLOW,
  );
});

describe('the end-to-end tests', () => {
  it(
    'accept the demo accounts of @collective/api-client/demo, and nothing else of the libraries',
    async () => {
      const messages = await lint(
        'apps/dashboard-e2e/src/probe.ts',
        [
          "import { DEMO_USERS } from '@collective/api-client/demo';",
          "import { createApiClient } from '@collective/api-client';",
          "import { setupFakeApi } from '@collective/api-client/testing';",
          "import { deriveAccess } from '@collective/auth';",
          '',
          'export const probe = [DEMO_USERS, createApiClient, setupFakeApi, deriveAccess];',
          '',
        ].join('\n'),
      );

      expect(linesReportedBy(messages, RESTRICTED)).toEqual([2, 3, 4]);
      // Only the session layer is out of the e2e tests' reach by tags too.
      expect(linesReportedBy(messages, BOUNDARIES)).toEqual([4]);
    },
    SLOW,
  );
});
