import type {
  MetricProgress,
  ProgressStatus,
} from '@collective/api-client/contract';
import { formatPercent } from '@collective/ui';
import styles from './performance.module.css';

/** Each status in words: the text beside the bar, so no one has to read a colour. */
export const STATUS_WORDS: Readonly<Record<ProgressStatus, string>> = {
  met: 'Target met',
  on_track: 'On track',
  behind: 'Behind',
  missed: 'Target missed',
  not_started: 'Year not started',
  no_target: 'No target',
};

/** Props of {@link ProgressMeter}. */
export interface ProgressMeterProps {
  /** What the figure is, for the meter's accessible name ("Collected weight"). */
  label: string;
  /** The actual figure, formatted. */
  actual: string;
  /** The target, formatted, or `null` without one. */
  target: string | null;
  progress: MetricProgress;
}

/**
 * A figure against its target: "actual of target", a `<meter>` of the share
 * reached (capped at 100 %; named by the figure and the share, so a screen
 * reader hears it) and the share and status as text beside it.
 */
export function ProgressMeter({
  label,
  actual,
  target,
  progress,
}: ProgressMeterProps) {
  const share = progress.share_of_target;
  const words = STATUS_WORDS[progress.status];
  return (
    <div className={styles.progress}>
      <span className={styles.amount}>
        {target === null ? actual : `${actual} of ${target}`}
      </span>
      {share === null ? null : (
        <meter
          className={styles.meter}
          min={0}
          max={1}
          low={0.5}
          high={0.9999}
          optimum={1}
          value={Math.min(share, 1)}
          aria-label={`${label}: ${formatPercent(share)} of target`}
        />
      )}
      <span className={styles.status} data-status={progress.status}>
        {share === null ? words : `${formatPercent(share)} · ${words}`}
      </span>
    </div>
  );
}
