import { ScreenFrame } from '@collective/nav/react';
import { FilterBar, type FilterBarProps } from '@collective/ui';
import type { ReactNode } from 'react';
import { COMPARISON_PERIODS, periodSelect } from './comparison-format';
import styles from './comparisons.module.css';

/**
 * The frame of a comparison screen (Member Comparisons, Average Metrics):
 * the app's screen frame, the period chooser (the last 12 months unless
 * chosen, kept in the URL), then the screen's figures.
 */
export function ComparisonFrame({
  list,
  children,
}: {
  /** The screen's list state, from `useListParams` with a `comparisonList`. */
  list: FilterBarProps['list'];
  children: ReactNode;
}) {
  return (
    <ScreenFrame>
      <div className={styles.view}>
        <FilterBar
          label="Choose the period"
          list={list}
          selects={[periodSelect(COMPARISON_PERIODS)]}
        />
        {children}
      </div>
    </ScreenFrame>
  );
}
