/** Options of the `@collective/tools:screen` generator, as described by schema.json. */
export interface ScreenGeneratorSchema {
  /** The route path of libs/nav/src/routes.ts, for example `/regional-summary`. */
  path: string;
  /** The feature library: `analytics` or `feature-analytics`. */
  library: string;
  /** The contract entry it reads, for example `exampleThings`. */
  endpoint: string;
  /** Skip formatting the written files with Prettier. */
  skipFormat?: boolean;
}
