import { ScreenFrame } from '@collective/nav/react';
import {
  ColumnHeadings,
  DataState,
  Figures,
  formatMonth,
  formatNumber,
  formatWeight,
  Panel,
  PlainTable,
  queryState,
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
  const data = answer.data;
  return (
    <ScreenFrame>
      <p>
        <Link to="/consumer-mailback/submissions">Submissions</Link> ·{' '}
        <Link to="/admin/consumer-forms-overview">Forms</Link>
      </p>
      <DataState
        {...queryState(answer)}
        loadingText="Loading the mailback summary…"
      >
        {data ? (
          <>
            <Panel title="The programme at a glance">
              <Figures
                figures={[
                  { term: 'Submitted', value: formatNumber(data.submitted) },
                  {
                    term: 'Labels sent',
                    value: formatNumber(data.labels_sent),
                  },
                  { term: 'In transit', value: formatNumber(data.in_transit) },
                  { term: 'Received', value: formatNumber(data.received) },
                  {
                    term: 'Labels unused after 30 days',
                    value: formatNumber(data.unused_labels),
                  },
                  {
                    term: 'Received weight',
                    value: formatWeight(data.received_weight_kg),
                  },
                  {
                    term: 'Weight per package',
                    value: formatWeight(data.avg_weight_kg, undefined, 2),
                  },
                  {
                    term: 'Items per package',
                    value: formatNumber(data.avg_items),
                  },
                ]}
              />
            </Panel>
            <Panel>
              <PlainTable>
                <caption>By region</caption>
                <ColumnHeadings
                  names={['Region', 'Labels sent', 'In transit', 'Received']}
                />
                <tbody>
                  {data.by_region.map((row) => (
                    <tr key={row.region}>
                      <th scope="row">{row.region}</th>
                      <td>{formatNumber(row.labels_sent)}</td>
                      <td>{formatNumber(row.in_transit)}</td>
                      <td>{formatNumber(row.received)}</td>
                    </tr>
                  ))}
                </tbody>
              </PlainTable>
            </Panel>
            <Panel>
              <PlainTable>
                <caption>By month</caption>
                <ColumnHeadings
                  names={[
                    'Month',
                    'Submitted',
                    'Labels sent',
                    'Received',
                    'Weight',
                  ]}
                />
                <tbody>
                  {data.by_month.map((row) => (
                    <tr key={row.month}>
                      <th scope="row">{formatMonth(row.month)}</th>
                      <td>{formatNumber(row.submitted)}</td>
                      <td>{formatNumber(row.labels_sent)}</td>
                      <td>{formatNumber(row.received)}</td>
                      <td>{formatWeight(row.weight_kg)}</td>
                    </tr>
                  ))}
                </tbody>
              </PlainTable>
            </Panel>
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
