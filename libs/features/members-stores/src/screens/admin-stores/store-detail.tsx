import type { StoreRecord } from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import { FactList, formatDate, RecordDetail } from '@collective/ui';
import { Deactivation } from '../deactivation';
import {
  RECORD_ACTIONS,
  RecordAuditTrail,
  type RecordTrailWords,
} from '../record-audit-trail';
import { useWrittenNotice } from '../use-written-notice';
import {
  useDeactivateStore,
  useStoreAuditTrail,
  useStoreRecord,
} from '../../data/store-records';
import { EditStoreForm, STORE_FIELD_LABELS, STORE_WORDS } from './store-form';
import { Heartbeat, Supplies } from './store-facts';

/** The words of a store's trail. */
const STORE_TRAIL: RecordTrailWords = {
  noun: 'store',
  actions: { ...RECORD_ACTIONS, import: 'Imported' },
  fieldLabels: STORE_FIELD_LABELS,
  values: STORE_WORDS,
};

function Facts({ store }: { store: StoreRecord }) {
  return (
    <FactList>
      <dt>Member</dt>
      <dd>{store.member_name}</dd>
      <dt>Address</dt>
      <dd>
        {[store.address, `${store.postal_code} ${store.city}`.trim()]
          .filter(Boolean)
          .join(', ')}
      </dd>
      <dt>Region</dt>
      <dd>{store.region}</dd>
      <dt>Channel</dt>
      <dd>{STORE_WORDS[store.channel]}</dd>
      <dt>Status</dt>
      <dd>{STORE_WORDS[store.status]}</dd>
      <dt>Opened</dt>
      <dd>{formatDate(store.opened_at)}</dd>
      <dt>Contact</dt>
      <dd>
        {[store.contact_name, store.contact_email, store.contact_phone]
          .filter(Boolean)
          .join(', ') || 'No contact yet'}
      </dd>
      <dt>Supplies</dt>
      <dd>
        <Supplies store={store} />
      </dd>
      {store.channel === 'kiosk' ? (
        <>
          <dt>Last heartbeat</dt>
          <dd>
            <Heartbeat store={store} />
          </dd>
        </>
      ) : null}
    </FactList>
  );
}

/**
 * One store: where it is, its contact, supplies and heartbeat, and its
 * audit trail. Collective admins edit and deactivate it; a brand admin
 * edits their own store's contact and supplies (another member's store
 * answers 404, shown as not found).
 */
export function StoreDetail({
  id,
  onBack,
}: {
  id: number;
  onBack: () => void;
}) {
  const detail = useStoreRecord(id);
  const deactivate = useDeactivateStore();
  const trail = useStoreAuditTrail(id);
  const { access } = useTenancy();
  const [notice, written] = useWrittenNotice(trail);
  return (
    <RecordDetail
      backLabel="Back to stores"
      onBack={onBack}
      notice={notice}
      query={detail}
      record={detail.data?.store}
      title={(store) => store.name}
      headingId={`store-${id}`}
      loadingText="Loading the store…"
    >
      {(store) => (
        <>
          <Facts store={store} />
          <section aria-labelledby={`edit-${id}`}>
            <h3 id={`edit-${id}`}>
              {access.isCollectiveAdmin ? 'Edit' : 'Contact and supplies'}
            </h3>
            {access.isCollectiveAdmin ? null : (
              <p>
                You change this store&apos;s contact and supplies; the
                collective&apos;s admins change the rest.
              </p>
            )}
            <EditStoreForm
              latest={store}
              detailsToo={access.isCollectiveAdmin}
              onSaved={(saved) => written(`${saved.name} was saved.`)}
            />
          </section>
          {access.isCollectiveAdmin && store.status === 'active' ? (
            <Deactivation
              record={store}
              kept="Its shipments and history are kept; it stops counting as an active store."
              deactivate={deactivate}
              onDone={written}
            />
          ) : null}
          <RecordAuditTrail id={id} query={trail} words={STORE_TRAIL} />
        </>
      )}
    </RecordDetail>
  );
}
