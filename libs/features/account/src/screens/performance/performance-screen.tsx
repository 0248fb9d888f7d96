import type {
  MemberScorecard,
  Performance,
  PerformanceMetric,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  answerState,
  Button,
  DataState,
  DataTable,
  type DataTableColumn,
  Figures,
  formatDate,
  formatNumber,
  formatPercent,
  formatWeight,
  Panel,
  SelectField,
  Sheet,
  Stack,
} from '@collective/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePerformance } from '../../data/performance';
import styles from './performance.module.css';
import { ProgressMeter } from './progress-meter';
import { TargetsForm } from './targets-form';

/** The figures of a scorecard, as the screen names them, in D14's words. */
const METRIC_LABELS: Readonly<Record<PerformanceMetric, string>> = {
  collected_kg: 'Collected weight',
  active_stores: 'Active stores',
  recycling_rate: 'Recycling rate',
};

const METRICS = Object.keys(METRIC_LABELS) as PerformanceMetric[];

/** A figure's value as text. */
const FORMAT: Readonly<Record<PerformanceMetric, (value: number) => string>> = {
  collected_kg: (kg) => formatWeight(kg),
  active_stores: (stores) => formatNumber(stores),
  recycling_rate: (share) => formatPercent(share),
};

/** The years offered: next year (targets set ahead) and this year and the four before. */
function yearsAround(thisYear: number): number[] {
  return Array.from({ length: 6 }, (_, back) => thisYear + 1 - back);
}

/** The year of the URL's `?year=` when it is one offered, else this year. */
function yearOf(
  param: string | null,
  years: readonly number[],
  thisYear: number,
) {
  const year = Number(param);
  return years.includes(year) ? year : thisYear;
}

/** A figure against its target, as a progress meter with text. */
function MetricCell({
  card,
  metric,
}: {
  card: MemberScorecard;
  metric: PerformanceMetric;
}) {
  return (
    <ProgressMeter
      label={`${METRIC_LABELS[metric]} of ${card.member_name}`}
      actual={FORMAT[metric](card.actual[metric])}
      target={card.targets ? FORMAT[metric](card.targets[metric]) : null}
      progress={card.progress[metric]}
    />
  );
}

/** How far into the year the figures count, in words. */
function countedUpTo(answer: Performance): string {
  if (answer.year_elapsed === 0)
    return `${answer.year} has not started: targets can be set ahead.`;
  if (answer.year_elapsed === 1)
    return `${answer.year} is over: final figures.`;
  return `Figures up to ${formatDate(`${answer.as_of}T00:00:00Z`)}, ${formatPercent(answer.year_elapsed)} of the year. Collected weight is on track when it has reached that share of its target; stores and the recycling rate when they are at the target.`;
}

/** The collective's median member (D20): numbers only, no member named. */
function MedianPanel({ answer }: { answer: Performance }) {
  const { median } = answer;
  const share = (metric: PerformanceMetric) => {
    const value = median.share_of_target[metric];
    return value === null ? 'No targets' : `${formatPercent(value)} of target`;
  };
  return (
    <Panel title="Collective median">
      <p className={styles.note}>
        The middle member for each figure, over {formatNumber(median.members)}{' '}
        {median.members === 1 ? 'member' : 'members'}; progress over the{' '}
        {formatNumber(median.members_with_targets)} with targets for{' '}
        {answer.year}.
      </p>
      <Figures
        figures={METRICS.map((metric) => ({
          term: METRIC_LABELS[metric],
          value: `${FORMAT[metric](median.actual[metric])} · ${share(metric)}`,
        }))}
      />
    </Panel>
  );
}

/** A brand user's own member: each figure against its target. */
function OwnScorecard({ answer }: { answer: Performance }) {
  const [card] = answer.scorecards;
  if (!card) return null;
  return (
    <Panel title={`${card.member_name} scorecard, ${answer.year}`}>
      {card.targets === null ? (
        <p className={styles.note}>
          The collective has set no targets for {answer.year} yet.
        </p>
      ) : null}
      <dl className={styles.scorecard}>
        {METRICS.map((metric) => (
          <div key={metric}>
            <dt>{METRIC_LABELS[metric]}</dt>
            <dd>
              <MetricCell card={card} metric={metric} />
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The columns of the members' progress: each figure against its target, and the edit button. */
function progressColumns(
  year: number,
  onEdit: (card: MemberScorecard) => void,
): DataTableColumn<MemberScorecard>[] {
  return [
    {
      id: 'member',
      header: 'Member',
      rowHeader: true,
      cell: (card) => card.member_name,
    },
    ...METRICS.map((metric) => ({
      id: metric,
      header: METRIC_LABELS[metric],
      cell: (card: MemberScorecard) => (
        <MetricCell card={card} metric={metric} />
      ),
    })),
    {
      id: 'targets',
      header: 'Targets',
      cell: (card) => (
        <Button
          variant="secondary"
          onClick={() => onEdit(card)}
          aria-label={`${card.targets ? 'Edit' : 'Set'} the ${year} targets of ${card.member_name}`}
        >
          {card.targets ? 'Edit' : 'Set'}
        </Button>
      ),
    },
  ];
}

/** The rows before the answer arrives. */
const NO_ROWS: readonly MemberScorecard[] = [];

/**
 * Performance (decisions D14, D20; docs/decisions/0098): the program's
 * scorecard against its yearly targets, the year in the URL (`?year=`).
 * Collective admins see every member's progress and set targets; a brand
 * admin sees their own member's scorecard beside the collective median.
 * Each figure shows "actual of target", a meter and the share and status
 * in words.
 */
export default function PerformanceScreen() {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getUTCFullYear();
  const years = yearsAround(thisYear);
  const year = yearOf(params.get('year'), years, thisYear);
  const answer = usePerformance(year);
  const { access } = useTenancy();
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState('');
  const data = answer.data;
  const columns = useMemo(
    () => progressColumns(year, (card) => setEditing(card.member_id)),
    [year],
  );
  const edited =
    editing === null
      ? undefined
      : data?.scorecards.find((card) => card.member_id === editing);

  function chooseYear(value: string) {
    const next = new URLSearchParams(params);
    if (Number(value) === thisYear) next.delete('year');
    else next.set('year', value);
    setSaved('');
    setParams(next);
  }

  return (
    <ScreenFrame>
      <Stack>
        <div className={styles.yearBar}>
          <SelectField
            label="Year"
            value={String(year)}
            onChange={(event) => chooseYear(event.target.value)}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
        </div>
        <p role="status" className={styles.note}>
          {saved}
        </p>
        {data ? <p className={styles.note}>{countedUpTo(data)}</p> : null}
        {access.isCollectiveAdmin ? (
          <DataTable
            caption={`Members' progress against their ${year} targets`}
            columns={columns}
            rows={data?.scorecards ?? NO_ROWS}
            getRowId={(card) => String(card.member_id)}
            {...answerState(answer)}
            emptyText="No member in this scope."
          />
        ) : (
          <DataState
            status={answer.status}
            error={answer.error}
            onRetry={() => void answer.refetch()}
          >
            {data ? <OwnScorecard answer={data} /> : null}
          </DataState>
        )}
        {data ? <MedianPanel answer={data} /> : null}
      </Stack>
      {access.isCollectiveAdmin ? (
        <Sheet
          open={edited !== undefined}
          onClose={() => setEditing(null)}
          title={
            edited ? `${edited.member_name}: targets for ${year}` : 'Targets'
          }
          placement="center"
        >
          {edited ? (
            <TargetsForm
              key={`${edited.member_id}-${year}`}
              year={year}
              latest={edited}
              onSaved={(card) => {
                setEditing(null);
                setSaved(
                  `The ${year} targets of ${card.member_name} were saved.`,
                );
              }}
            />
          ) : null}
        </Sheet>
      ) : null}
    </ScreenFrame>
  );
}
