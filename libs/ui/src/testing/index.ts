/**
 * Test helpers of @collective/ui, for the tests of the libraries above it
 * too. Import as `@collective/ui/testing`.
 */
export { deferred } from './deferred';
