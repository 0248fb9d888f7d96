import {
  CALENDAR_DAYS,
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
  SHIPMENT_STATUS_LABELS,
} from '@collective/api-client/contract';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import {
  Button,
  Choice,
  ChoiceGroup,
  RadioChoices,
  SelectField,
  TextField,
} from '@collective/ui';
import type { ExportChoice } from '../../data/data-export';
import styles from '../data-sources/data-sources.module.css';
import { columnLabel, type PeriodProblems } from './export-choice';

/** A status for people: the shipments' own words, else the word capitalised. */
function statusLabel(status: string): string {
  return (
    (SHIPMENT_STATUS_LABELS as Record<string, string>)[status] ??
    status.charAt(0).toUpperCase() + status.slice(1)
  );
}

/** The ends of the period: each is a date field, labelled with its own word ("Shipped from", "Shipped to"). */
const PERIOD_ENDS = ['from', 'to'] as const;

/** Props of {@link ExportForm}. */
export interface ExportFormProps {
  choice: ExportChoice;
  /**
   * Changes the choice: `update` receives the choice as it is when the
   * change applies (not as it was rendered), so quick clicks add up.
   */
  onChange: (update: (current: ExportChoice) => ExportChoice) => void;
  /** What is wrong with each end of the period, shown on its field. */
  periodErrors: PeriodProblems;
}

/**
 * The export's choices: the dataset, its period, its status where it has
 * one, the member (collective admins: the member switcher's choice, which
 * scopes every screen), and the columns to include, all on by default.
 */
export function ExportForm({
  choice,
  onChange,
  periodErrors,
}: ExportFormProps) {
  const { access, selectedMemberId, selectMember } = useTenancy();
  const members = useMembers();
  const info = EXPORT_DATASET_INFO[choice.dataset];
  const statuses: readonly string[] = info.statuses;
  const allColumns: readonly string[] = info.columns;
  const change = (part: Partial<ExportChoice>) =>
    onChange((current) => ({ ...current, ...part }));

  return (
    <div className={styles.form}>
      <RadioChoices
        legend="Dataset"
        name="dataset"
        options={EXPORT_DATASETS}
        label={(dataset) => EXPORT_DATASET_INFO[dataset].label}
        value={choice.dataset}
        onChange={(dataset) =>
          onChange((current) => ({
            dataset,
            from: current.from,
            to: current.to,
            status: undefined,
            columns: EXPORT_DATASET_INFO[dataset].columns,
          }))
        }
      />
      <div className={styles.filters}>
        {PERIOD_ENDS.map((end) => (
          <TextField
            key={end}
            label={`${info.periodLabel} ${end}`}
            type="date"
            min={CALENDAR_DAYS.first}
            max={CALENDAR_DAYS.last}
            value={choice[end] ?? ''}
            error={periodErrors[end]}
            onChange={(event) =>
              change({ [end]: event.target.value || undefined })
            }
          />
        ))}
        {statuses.length > 0 ? (
          <SelectField
            label="Status"
            value={choice.status ?? ''}
            options={[
              { value: '', label: 'Any status' },
              ...statuses.map((status) => ({
                value: status,
                label: statusLabel(status),
              })),
            ]}
            onChange={(event) =>
              change({ status: event.target.value || undefined })
            }
          />
        ) : null}
        {access.can.switchMember ? (
          <SelectField
            label="Member"
            value={selectedMemberId === null ? '' : String(selectedMemberId)}
            options={[
              { value: '', label: 'All members' },
              ...members.map((member) => ({
                value: String(member.id),
                label: member.name,
              })),
            ]}
            onChange={(event) =>
              selectMember(
                event.target.value ? Number(event.target.value) : null,
              )
            }
          />
        ) : null}
      </div>
      <ChoiceGroup
        legend={`Columns (${choice.columns.length} of ${allColumns.length})`}
      >
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => change({ columns: allColumns })}
          >
            All columns
          </Button>
          <Button variant="secondary" onClick={() => change({ columns: [] })}>
            No columns
          </Button>
        </div>
        <div className={styles.columns}>
          {allColumns.map((column) => (
            <Choice
              key={column}
              type="checkbox"
              name="columns"
              value={column}
              checked={choice.columns.includes(column)}
              onChange={(event) => {
                const checked = event.target.checked;
                onChange((current) => ({
                  ...current,
                  // Keep the dataset's order, whatever order they are ticked in.
                  columns: allColumns.filter((other) =>
                    other === column
                      ? checked
                      : current.columns.includes(other),
                  ),
                }));
              }}
              label={columnLabel(column)}
            />
          ))}
        </div>
      </ChoiceGroup>
    </div>
  );
}
