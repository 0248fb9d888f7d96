import { ScreenFrame } from '@collective/nav/react';
import {
  DataState,
  formatMonth,
  formatNumber,
  formatWeight,
} from '@collective/ui';
import { Link } from 'react-router-dom';
import { useMailbackSummary } from '../data/mailback-summary';

/**
 * The screen of /consumer-mailback (decisions D19): the programme summary —
 * labels sent, in transit, received, weight and items per package, by
 * region and month, and labels unused after 30 days.
 */
export default function ConsumerMailbackScreen() {
  const answer = useMailbackSummary();
  return (
    <ScreenFrame>
      <p>
        <Link to="/consumer-mailback/submissions">Submissions</Link> ·{' '}
        <Link to="/admin/consumer-forms-overview">Forms</Link>
      </p>
      <DataState
        status={answer.status}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        loadingText="Loading the mailback summary…"
      >
        {answer.data ? (
          <dl>
            <dt>Submitted</dt>
            <dd>{formatNumber(answer.data.submitted)}</dd>
            <dt>Labels sent</dt>
            <dd>{formatNumber(answer.data.labels_sent)}</dd>
            <dt>In transit</dt>
            <dd>{formatNumber(answer.data.in_transit)}</dd>
            <dt>Received</dt>
            <dd>{formatNumber(answer.data.received)}</dd>
            <dt>Labels unused after 30 days</dt>
            <dd>{formatNumber(answer.data.unused_labels)}</dd>
            <dt>Received weight</dt>
            <dd>{formatWeight(answer.data.received_weight_kg)}</dd>
            <dt>Weight per package</dt>
            <dd>{formatWeight(answer.data.avg_weight_kg, undefined, 2)}</dd>
            <dt>Items per package</dt>
            <dd>{formatNumber(answer.data.avg_items)}</dd>
          </dl>
        ) : null}
        {answer.data ? (
          <>
            <table>
              <caption>By region</caption>
              <thead>
                <tr>
                  <th scope="col">Region</th>
                  <th scope="col">Labels sent</th>
                  <th scope="col">In transit</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {answer.data.by_region.map((row) => (
                  <tr key={row.region}>
                    <th scope="row">{row.region}</th>
                    <td>{formatNumber(row.labels_sent)}</td>
                    <td>{formatNumber(row.in_transit)}</td>
                    <td>{formatNumber(row.received)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table>
              <caption>By month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Labels sent</th>
                  <th scope="col">Received</th>
                  <th scope="col">Weight</th>
                </tr>
              </thead>
              <tbody>
                {answer.data.by_month.map((row) => (
                  <tr key={row.month}>
                    <th scope="row">{formatMonth(row.month)}</th>
                    <td>{formatNumber(row.submitted)}</td>
                    <td>{formatNumber(row.labels_sent)}</td>
                    <td>{formatNumber(row.received)}</td>
                    <td>{formatWeight(row.weight_kg)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
