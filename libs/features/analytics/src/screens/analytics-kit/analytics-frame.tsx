import { ScreenFrame } from '@collective/nav/react';
import { DataState, type Figure } from '@collective/ui';
import type { ReactNode } from 'react';
import type { AnalyticsView } from './period';
import { PeriodControls, rangeText } from './period-controls';
import { ScopeTotals, type ScopeAnswer } from './scope-totals';
import styles from './analytics.module.css';

/** What {@link AnalyticsFrame} reads of a screen's query (a TanStack Query result). */
export interface AnalyticsAnswer<T> {
  data: T | undefined;
  status: 'pending' | 'error' | 'success';
  error: { message: string } | null;
  /** The previous period's answer shows while the new one loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The totals panel a screen's figures open with (see {@link ScopeTotals}). */
export interface AnalyticsTotals<T> {
  /** The id of the panel's heading. */
  headingId: string;
  /** The heading's words for the whole collective's scope ("All members" unless given). */
  everyone?: string;
  /** The totals of the answer's data, as tiles. */
  figures: (data: T) => readonly Figure[];
  /** Said under the figures, e.g. how a rate is counted. */
  note?: ReactNode;
}

/** Props of {@link AnalyticsFrame}. */
export interface AnalyticsFrameProps<T extends ScopeAnswer> {
  view: AnalyticsView;
  onView: (view: AnalyticsView) => void;
  /** The months the view covers. */
  range: { from: string; to: string };
  /** Whether the interval (month, quarter, year) is offered. */
  withInterval?: boolean;
  answer: AnalyticsAnswer<T>;
  /** Said while the first answer loads. */
  loadingText: string;
  /** The totals panel, headed by the answer's scope and months, above the rest. */
  totals: AnalyticsTotals<T>;
  /** The screen's other figures for the answer's data, below the totals. */
  children: (data: T) => ReactNode;
}

/**
 * The frame every period-driven analytics screen shares: the period
 * controls, the loading, failure and retry states, and the figures — the
 * scope's totals first — kept on screen, marked busy, while another
 * period's answer loads.
 */
export function AnalyticsFrame<T extends ScopeAnswer>({
  view,
  onView,
  range,
  withInterval = false,
  answer,
  loadingText,
  totals,
  children,
}: AnalyticsFrameProps<T>) {
  const { data, isPlaceholderData } = answer;
  return (
    <ScreenFrame>
      <div className={styles.view}>
        <PeriodControls
          view={view}
          onView={onView}
          withInterval={withInterval}
          months={rangeText(range)}
        />
        <DataState
          status={answer.status}
          error={answer.error}
          onRetry={() => void answer.refetch()}
          loadingText={loadingText}
        >
          {data ? (
            <div
              className={`${styles.view} ${isPlaceholderData ? styles.busy : ''}`}
              aria-busy={isPlaceholderData}
            >
              <ScopeTotals
                answer={data}
                everyone={totals.everyone}
                headingId={totals.headingId}
                figures={totals.figures(data)}
              >
                {totals.note}
              </ScopeTotals>
              {children(data)}
            </div>
          ) : null}
        </DataState>
      </div>
    </ScreenFrame>
  );
}
