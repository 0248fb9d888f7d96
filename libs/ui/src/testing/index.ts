/**
 * Test helpers of @collective/ui, for the tests of the libraries above it
 * too. Import as `@collective/ui/testing`.
 */
export { deferred } from './deferred';
export { answerGet } from './answer-get';
export {
  expectRetryAsksAgain,
  itRetriesAfterAFailure,
} from './retry-asks-again';
export { itUsesContractAnswers } from './contract-answers';
export { fixedDate } from './fixed-date';
export { tabTo } from './tab-to';
