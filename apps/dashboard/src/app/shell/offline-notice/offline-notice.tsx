import type { Platform } from '@collective/platform';
import { useSyncExternalStore } from 'react';
import styles from './offline-notice.module.css';

/** What {@link OfflineNotice} needs of the platform: the browser's network state. */
export type NetworkPlatform = Pick<Platform, 'isOnline' | 'onOnlineChange'>;

/** Props of {@link OfflineNotice}. */
export interface OfflineNoticeProps {
  platform: NetworkPlatform;
}

/**
 * Says so while the browser is offline (docs/decisions/0061). It reads the
 * same network state that pauses the query client (`createQueryClient`
 * wires TanStack's online manager to the platform), so the notice shows
 * exactly while queries wait, and goes when they resume by themselves: no
 * reload, no button. The live region is always in the page, so screen
 * readers announce the text when it appears.
 */
export function OfflineNotice({ platform }: OfflineNoticeProps) {
  const online = useSyncExternalStore(
    (changed) => platform.onOnlineChange(changed),
    platform.isOnline,
    () => true,
  );
  return (
    <div role="status" className={styles.region}>
      {online ? null : (
        <p className={styles.notice}>
          <strong>You are offline.</strong> What you see is what was last
          loaded; the dashboard updates itself when the connection is back.
        </p>
      )}
    </div>
  );
}
