import { defineConfig } from 'vite';
import { appConfig } from './vite/project-config.mts';

const config = appConfig({
  dirname: import.meta.dirname,
  name: '@collective/tools',
  environment: 'node',
  react: false,
});

export default defineConfig({
  ...config,
  test: {
    ...config.test,
    // The tools keep their code in generators/, boundaries/ and scripts/, not src/;
    // the generator's templates under files/ are data, not tests.
    include: [
      'generators/**/*.test.ts',
      'boundaries/**/*.test.ts',
      'scripts/**/*.test.ts',
      'vite/**/*.test.ts',
    ],
    exclude: ['**/files/**', '**/node_modules/**', 'out-tsc/**'],
  },
});
