/** Options of the `@collective/tools:feature-library` generator, as described by schema.json. */
export interface FeatureLibraryGeneratorSchema {
  /** The feature's name in kebab-case, for example `members-stores`. */
  name: string;
  /** The heading of the first screen; defaults to the name in title case. */
  title?: string;
  /** Skip the package manager's install that links the new package into node_modules. */
  skipInstall?: boolean;
  /** Skip formatting the generated files with Prettier. */
  skipFormat?: boolean;
}
