import { defineConfig } from 'vite';
import { libraryConfig } from '../../tools/vite/project-config.mts';

export default defineConfig(
  libraryConfig({
    dirname: import.meta.dirname,
    name: '@collective/api-client',
    react: false,
    environment: 'node',
    entries: {
      index: 'src/index.ts',
      contract: 'src/contract/index.ts',
      testing: 'src/testing/index.ts',
    },
  }),
);
