import {
  FEED_LABELS,
  type DataSource,
  type DataSources,
} from '@collective/api-client/contract';
import {
  ColumnHeadings,
  DataState,
  Figures,
  formatDateTime,
  formatNumber,
  Panel,
  PlainTable,
  queryState,
  VisuallyHidden,
} from '@collective/ui';
import { Link } from 'react-router-dom';
import { useDataSources } from '../../data/data-sources';
import styles from './data-sources.module.css';
import { cadenceText, FRESHNESS_LABELS, STATUS_LABELS } from './feed-labels';

/** A status or freshness word in its tag, the word itself carrying the meaning (not the colour). */
export function Tag({ tone, children }: { tone: string; children: string }) {
  return (
    <span className={`${styles.tag} ${styles[tone] ?? ''}`}>{children}</span>
  );
}

const when = (at: string | null) => (at ? formatDateTime(at) : 'Never');

function FeedRow({ feed }: { feed: DataSource }) {
  return (
    <tr>
      <th scope="row">
        {FEED_LABELS[feed.source]}
        <p className={styles.note}>{feed.description}</p>
        <Link to={`?source=${feed.source}#ingestion-log`}>
          Its runs{' '}
          <VisuallyHidden>of {FEED_LABELS[feed.source]}</VisuallyHidden>
        </Link>
      </th>
      <td>{cadenceText(feed.cadence_hours)}</td>
      <td>{when(feed.last_success_at)}</td>
      <td>
        <Tag tone={feed.freshness}>{FRESHNESS_LABELS[feed.freshness]}</Tag>
      </td>
      <td>
        {feed.last_status ? (
          <>
            <Tag tone={feed.last_status}>{STATUS_LABELS[feed.last_status]}</Tag>{' '}
            {when(feed.last_run_at)}
          </>
        ) : (
          'No run logged'
        )}
      </td>
      <td>{formatNumber(feed.failures_30d)}</td>
    </tr>
  );
}

function Summary({ answer }: { answer: DataSources }) {
  const late = answer.feeds.filter((feed) => feed.freshness !== 'fresh');
  return (
    <Figures
      figures={[
        { term: 'Feeds', value: formatNumber(answer.feeds.length) },
        {
          term: 'Late or never received',
          value: late.length
            ? `${late.length}: ${late.map((feed) => FEED_LABELS[feed.source]).join(', ')}`
            : 'None',
        },
        {
          term: 'Failed runs, 30 days',
          value: formatNumber(
            answer.feeds.reduce((sum, feed) => sum + feed.failures_30d, 0),
          ),
        },
      ]}
    />
  );
}

/**
 * Every feed of the data scope (decisions D17): its cadence, last success,
 * freshness (late when the last success is older than the cadence times
 * the grace factor), latest run and failures over 30 days.
 */
export function FeedTable() {
  const feeds = useDataSources();
  const answer = feeds.data;
  return (
    <Panel title="Feeds">
      <DataState
        {...queryState(feeds)}
        empty={answer?.feeds.length === 0}
        emptyText="No feed brings data into this scope."
      >
        {answer ? (
          <>
            <Summary answer={answer} />
            <PlainTable scrollLabel="Feeds and their health">
              <caption>
                Feeds and their health as of {formatDateTime(answer.as_of)}; a
                feed is late when its last success is older than{' '}
                {answer.grace_factor} times its cadence
              </caption>
              <ColumnHeadings
                names={[
                  'Feed',
                  'Cadence',
                  'Last success',
                  'Freshness',
                  'Latest run',
                  'Failed, 30 days',
                ]}
              />
              <tbody>
                {answer.feeds.map((feed) => (
                  <FeedRow key={feed.source} feed={feed} />
                ))}
              </tbody>
            </PlainTable>
          </>
        ) : null}
      </DataState>
    </Panel>
  );
}
