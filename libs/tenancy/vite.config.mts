import { defineConfig } from 'vite';
import { libraryConfig } from '../../tools/vite/project-config.mts';

export default defineConfig(
  libraryConfig({
    dirname: import.meta.dirname,
    name: '@collective/tenancy',
    react: true,
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    entries: {
      index: 'src/index.ts',
      react: 'src/react/index.ts',
      testing: 'src/testing/index.tsx',
    },
  }),
);
