import { labelledOptions } from '../select-field/labelled-options';
import type { FilterBarSelect } from './filter-bar';

/**
 * A select of a {@link FilterBar} whose choices are a list of values as
 * people read them (`labels`), in the list's order: the filter's key,
 * label and "no filter" choice, then `labelledFilter({ key: 'source',
 * label: 'Feed', allLabel: 'Every feed' }, FEED_SOURCES, FEED_LABELS)`.
 */
export function labelledFilter<TValue extends string>(
  filter: Omit<FilterBarSelect, 'options'>,
  values: readonly TValue[],
  labels: Readonly<Record<TValue, string>>,
): FilterBarSelect {
  return { ...filter, options: labelledOptions(values, labels) };
}

/**
 * The Status select of a {@link FilterBar}: the list state's `status`
 * filter, labelled "Status", "Any status" when it sets no filter, and a
 * choice for each status as people read it.
 */
export function statusFilter<TStatus extends string>(
  statuses: readonly TStatus[],
  labels: Readonly<Record<TStatus, string>>,
): FilterBarSelect {
  return labelledFilter(
    { key: 'status', label: 'Status', allLabel: 'Any status' },
    statuses,
    labels,
  );
}
