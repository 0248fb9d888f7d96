import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    // The consumer is another tool, outside the workspace: it imports the
    // published packages by name, as any npm dependency, so the workspace's
    // module boundaries do not apply to it.
    files: ['consumer/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
