import {
  SHIPMENT_CHANNELS,
  type RegionFigures,
} from '@collective/api-client/contract';
import {
  ExportButton,
  formatNumber,
  formatPercent,
  formatWeight,
  Panel,
} from '@collective/ui';
import { Fragment } from 'react';
import {
  useRegionalSummary,
  useRegionalSummaryExportUrl,
} from '../data/analytics';
import { CHANNEL_LABELS } from './analytics-kit/labels';
import { AnalyticsFrame } from './analytics-kit/analytics-frame';
import { FiguresTable } from './analytics-kit/figures-table';
import { useAnalyticsPeriod } from './analytics-kit/period-controls';
import styles from './analytics-kit/analytics.module.css';

type Place = Omit<RegionFigures, 'region' | 'states'>;

/** Weight per active store, or a dash without an active store. */
const perStore = (place: Place) =>
  place.weight_per_store_kg === null
    ? '—'
    : formatWeight(place.weight_per_store_kg);

/** Each channel's share of a place's collected weight, in channel order. */
function shares(place: Place): number[] {
  return place.channels.map((c) =>
    place.weight_kg > 0 ? c.weight_kg / place.weight_kg : 0,
  );
}

/** The cells of a region or state row: stores, weights, channel mix. */
function PlaceCells({ place }: { place: Place }) {
  return (
    <>
      <td>{formatNumber(place.stores)}</td>
      <td>{formatNumber(place.active_stores)}</td>
      <td>{formatWeight(place.weight_kg)}</td>
      <td>{perStore(place)}</td>
      {place.channels.map((c, index) => (
        <td key={c.channel}>
          {formatWeight(c.weight_kg)} (
          {formatPercent(shares(place)[index] ?? 0)})
        </td>
      ))}
    </>
  );
}

/** One region as a tile: its figures as a description list and its channel mix as a bar (the list says it in words). */
function RegionTile({ region }: { region: RegionFigures }) {
  const mix = shares(region);
  return (
    <li className={styles.tile} aria-labelledby={`region-${region.region}`}>
      <h3 id={`region-${region.region}`}>{region.region}</h3>
      <dl>
        <dt>Stores</dt>
        <dd>
          {formatNumber(region.active_stores)} active of{' '}
          {formatNumber(region.stores)}
        </dd>
        <dt>Collected</dt>
        <dd>{formatWeight(region.weight_kg)}</dd>
        <dt>Per active store</dt>
        <dd>{perStore(region)}</dd>
        {region.channels.map((c, index) => (
          <Fragment key={c.channel}>
            <dt>{CHANNEL_LABELS[c.channel]}</dt>
            <dd>{formatPercent(mix[index] ?? 0)}</dd>
          </Fragment>
        ))}
      </dl>
      <div className={styles.mix} aria-hidden="true">
        {mix.map((share, index) => (
          <span
            key={SHIPMENT_CHANNELS[index]}
            style={{ width: `${share * 100}%` }}
          />
        ))}
      </div>
    </li>
  );
}

/**
 * Regional Summary (issue 22; docs/decisions/0102): the stores of the data
 * scope, their collected weight, the weight per active store and the
 * channel mix per region — a tile grid — and per region and state in a
 * table with the same figures, for screen readers and anyone who wants
 * every number.
 */
export default function RegionalSummaryScreen() {
  const period = useAnalyticsPeriod();
  const { range } = period;
  const summary = useRegionalSummary(range);
  const exportUrl = useRegionalSummaryExportUrl(range);
  return (
    <AnalyticsFrame
      {...period}
      answer={summary}
      loadingText="Loading the regions…"
      totals={{
        headingId: 'regions-totals',
        figures: (data) => [
          {
            term: 'Stores',
            value: `${formatNumber(data.totals.active_stores)} active of ${formatNumber(data.totals.stores)}`,
          },
          {
            term: 'Collected weight',
            value: formatWeight(data.totals.weight_kg),
          },
          { term: 'Per active store', value: perStore(data.totals) },
        ],
      }}
    >
      {(data) => (
        <>
          <Panel title="Regions" headingId="regions-tiles">
            <ul className={styles.tiles}>
              {data.regions.map((region) => (
                <RegionTile key={region.region} region={region} />
              ))}
            </ul>
          </Panel>
          <Panel
            title="Regions and states"
            headingId="regions-table"
            actions={
              <ExportButton
                label="Export CSV"
                getDownloadUrl={exportUrl}
                fileName={`regions-${range.from}-to-${range.to}.csv`}
              />
            }
          >
            <FiguresTable
              label="Regions and states"
              headings={[
                'Region or state',
                'Stores',
                'Active stores',
                'Collected',
                'Per active store',
                ...SHIPMENT_CHANNELS.map((channel) => CHANNEL_LABELS[channel]),
              ]}
            >
              {data.regions.map((region) => (
                <Fragment key={region.region}>
                  <tr>
                    <th scope="row">
                      <strong>{region.region}</strong>
                    </th>
                    <PlaceCells place={region} />
                  </tr>
                  {region.states.map((state) => (
                    <tr key={state.state ?? 'unknown'}>
                      <th scope="row">
                        {region.region}, {state.state ?? 'state not recorded'}
                      </th>
                      <PlaceCells place={state} />
                    </tr>
                  ))}
                </Fragment>
              ))}
              <tr>
                <th scope="row">
                  <strong>All regions</strong>
                </th>
                <PlaceCells place={data.totals} />
              </tr>
            </FiguresTable>
          </Panel>
        </>
      )}
    </AnalyticsFrame>
  );
}
