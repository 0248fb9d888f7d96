import { ScreenFrame } from '@collective/nav/react';
import { DataState } from '@collective/ui';
import type { ReactNode } from 'react';
import type { AnalyticsView } from './period';
import { PeriodControls, rangeText } from './period-controls';
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

/** Props of {@link AnalyticsFrame}. */
export interface AnalyticsFrameProps<T> {
  view: AnalyticsView;
  onView: (view: AnalyticsView) => void;
  /** The months the view covers. */
  range: { from: string; to: string };
  /** Whether the interval (month, quarter, year) is offered. */
  withInterval?: boolean;
  answer: AnalyticsAnswer<T>;
  /** Said while the first answer loads. */
  loadingText: string;
  /** The screen's figures for the answer's data. */
  children: (data: T) => ReactNode;
}

/**
 * The frame every period-driven analytics screen shares: the period
 * controls, the loading, failure and retry states, and the figures — kept
 * on screen, marked busy, while another period's answer loads.
 */
export function AnalyticsFrame<T>({
  view,
  onView,
  range,
  withInterval = false,
  answer,
  loadingText,
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
              {children(data)}
            </div>
          ) : null}
        </DataState>
      </div>
    </ScreenFrame>
  );
}
