import baseConfig, { reactFreeCore } from '../../eslint.config.mjs';

export default [...baseConfig, ...reactFreeCore];
