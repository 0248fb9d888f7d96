import { defineConfig } from 'vite';
import { libraryConfig } from '../../tools/vite/project-config.mts';

export default defineConfig(
  libraryConfig({
    dirname: import.meta.dirname,
    name: '@collective/platform',
    react: false,
    environment: 'jsdom',
    entries: {
      index: 'src/index.ts',
      testing: 'src/testing/index.ts',
    },
  }),
);
