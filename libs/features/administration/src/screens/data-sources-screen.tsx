import { ScreenFrame } from '@collective/nav/react';
import { FeedTable } from './data-sources/feed-table';
import { IngestionLog } from './data-sources/ingestion-log';
import styles from './data-sources/data-sources.module.css';

/**
 * Data Sources (decisions D17; docs/decisions/0100): every feed that
 * brings data into the program (the G2 partner file, kiosks, mail-back
 * forms, warehouse entry) with its cadence, last success and freshness,
 * late feeds flagged, and the ingestion log filtered by feed, status and
 * period. A brand admin sees their own member's feeds and lines; the
 * server decides.
 */
export default function DataSourcesScreen() {
  return (
    <ScreenFrame>
      <div className={styles.screen}>
        <FeedTable />
        <IngestionLog />
      </div>
    </ScreenFrame>
  );
}
