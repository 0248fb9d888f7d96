/** Options of the `@collective/tools:feature-library` generator, as described by schema.json. */
export interface FeatureLibraryGeneratorSchema {
  /** The feature's name in kebab-case, for example `members-stores`. */
  name: string;
  /** Comma-separated route paths whose screens the library owns, e.g. `/store-rankings,/admin-stores`. */
  routes: string;
  /** Skip the package manager's install that links the new package into node_modules. */
  skipInstall?: boolean;
  /** Skip formatting the generated files with Prettier. */
  skipFormat?: boolean;
}
