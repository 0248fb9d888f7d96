import baseConfig, { e2eImports } from '../../eslint.config.mjs';

export default [...baseConfig, ...e2eImports];
