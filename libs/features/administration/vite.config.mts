import { defineConfig } from 'vite';
import { libraryConfig } from '../../../tools/vite/project-config.mts';

// Name, entries, React and test set-up come from package.json (see libraryConfig).
export default defineConfig(libraryConfig(import.meta.dirname));
