import { ScreenFrame } from '@collective/nav/react';
import { FilterBar, type FilterBarProps, Stack } from '@collective/ui';
import type { ReactNode } from 'react';
import { COMPARISON_PERIODS, periodSelect } from './comparison-format';

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
      <Stack>
        <FilterBar
          label="Choose the period"
          list={list}
          selects={[periodSelect(COMPARISON_PERIODS)]}
        />
        {children}
      </Stack>
    </ScreenFrame>
  );
}
