import { defineConfig } from 'vite';
import { libraryConfig } from '../../tools/vite/project-config.mts';

// Name, entries and React come from package.json (see libraryConfig); the
// client is tested in Node, where other collective tools run it.
export default defineConfig(
  libraryConfig(import.meta.dirname, { environment: 'node' }),
);
