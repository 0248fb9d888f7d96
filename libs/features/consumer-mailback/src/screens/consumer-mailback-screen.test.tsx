import { mailbackEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import { formatNumber, formatWeight } from '@collective/ui';
import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerGet, itRetriesAfterAFailure } from '@collective/ui/testing';
import ConsumerMailbackScreen from './consumer-mailback-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/**
 * An answer of GET /api/mailback/summary; its type is the contract's, so a
 * field it lacks is a type error.
 */
const ANSWER: v.InferInput<
  (typeof mailbackEndpoints)['mailbackSummary']['response']
> = {
  submitted: 1,
  labels_sent: 1,
  in_transit: 1,
  received: 1,
  unused_labels: 1,
  received_weight_kg: 1,
  avg_weight_kg: 1,
  avg_items: 1,
  by_region: [
    {
      region: 'Region 1',
      labels_sent: 1,
      in_transit: 1,
      received: 1,
    },
    {
      region: 'Region 2',
      labels_sent: 2,
      in_transit: 2,
      received: 2,
    },
  ],
  by_month: [
    {
      month: '2026-10',
      submitted: 1,
      labels_sent: 1,
      received: 1,
      weight_kg: 1,
    },
    {
      month: '2026-11',
      submitted: 2,
      labels_sent: 2,
      received: 2,
      weight_kg: 2,
    },
  ],
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/mailback/summary`);

/** Opens the screen at its URL (or `url`) signed in as `who`. */
const open = screenOpener(<ConsumerMailbackScreen />, '/consumer-mailback');

describe('ConsumerMailbackScreen', () => {
  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(mailbackEndpoints.mailbackSummary.response, ANSWER).issues,
    ).toBeUndefined();
  });

  it('shows the values of the answer', async () => {
    answerWith(ANSWER);
    await open('super');
    const terms = await screen.findAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
      'Submitted',
      'Labels sent',
      'In transit',
      'Received',
      'Labels unused after 30 days',
      'Received weight',
      'Weight per package',
      'Items per package',
    ]);
    expect(
      screen.getAllByRole('definition').map((value) => value.textContent),
    ).toEqual([
      formatNumber(ANSWER.submitted),
      formatNumber(ANSWER.labels_sent),
      formatNumber(ANSWER.in_transit),
      formatNumber(ANSWER.received),
      formatNumber(ANSWER.unused_labels),
      formatWeight(ANSWER.received_weight_kg),
      formatWeight(ANSWER.avg_weight_kg, undefined, 2),
      formatNumber(ANSWER.avg_items),
    ]);
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
