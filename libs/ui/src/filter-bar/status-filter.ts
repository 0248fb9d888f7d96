import { labelledOptions } from '../select-field/labelled-options';
import type { FilterBarSelect } from './filter-bar';

/**
 * The Status select of a {@link FilterBar}: the list state's `status`
 * filter, labelled "Status", "Any status" when it sets no filter, and a
 * choice for each status as people read it.
 */
export function statusFilter<TStatus extends string>(
  statuses: readonly TStatus[],
  labels: Readonly<Record<TStatus, string>>,
): FilterBarSelect {
  return {
    key: 'status',
    label: 'Status',
    allLabel: 'Any status',
    options: labelledOptions(statuses, labels),
  };
}
