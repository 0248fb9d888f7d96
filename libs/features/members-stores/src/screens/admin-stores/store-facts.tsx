import type { StoreRecord } from '@collective/api-client/contract';
import { formatDateTime, formatNumber } from '@collective/ui';
import styles from './admin-stores.module.css';

const SUPPLY_NAMES = [
  ['bin_boxes', 'Bin boxes'],
  ['liners', 'Liners'],
  ['labels', 'Labels'],
] as const;

/**
 * A store's supplies on hand against their reorder points, each at or
 * below its point marked "low" in words (not by colour alone).
 */
export function Supplies({ store }: { store: StoreRecord }) {
  return (
    <ul className={styles.supplies}>
      {SUPPLY_NAMES.map(([key, name]) => {
        const low = store[key] <= store[`${key}_reorder_at`];
        return (
          <li key={key} className={low ? styles.low : undefined}>
            {name}: {formatNumber(store[key])}
            {low
              ? ` – low (reorder at ${formatNumber(store[`${key}_reorder_at`])})`
              : ''}
          </li>
        );
      })}
    </ul>
  );
}

/** A kiosk's last heartbeat, "stale" in words when it is; a bin has none. */
export function Heartbeat({ store }: { store: StoreRecord }) {
  if (store.channel !== 'kiosk') return <>–</>;
  const when = store.last_heartbeat_at
    ? formatDateTime(store.last_heartbeat_at)
    : 'Never';
  return store.heartbeat_stale ? (
    <span className={styles.low}>{when} – stale</span>
  ) : (
    when
  );
}
