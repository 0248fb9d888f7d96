import type { StoreRecord } from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  AuditTrail,
  Button,
  DataState,
  formatDate,
  shownValue,
} from '@collective/ui';
import { useEffect, useRef, useState } from 'react';
import {
  useDeactivateStore,
  useStoreAuditTrail,
  useStoreRecord,
} from '../../data/store-records';
import { EditStoreForm, STORE_FIELD_LABELS, STORE_WORDS } from './store-form';
import { Heartbeat, Supplies } from './store-facts';
import styles from './admin-stores.module.css';

/** Words for the actions of a store's trail. */
const STORE_ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  deactivate: 'Deactivated',
  import: 'Imported',
};

/** The server's sentence (`message`) when it sent one, e.g. why a change was refused. */
const sentenceOf = (error: Error): string =>
  (error as { serverMessage?: string }).serverMessage ?? error.message;

function Facts({ store }: { store: StoreRecord }) {
  return (
    <dl className={styles.facts}>
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
    </dl>
  );
}

/**
 * Deactivation behind a confirmation (collective admins): the store stays
 * with its shipments and history (decisions D14).
 */
function Deactivation({
  store,
  onDone,
}: {
  store: StoreRecord;
  onDone: (text: string) => void;
}) {
  const deactivate = useDeactivateStore();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  return (
    <section aria-labelledby={`deactivate-${store.id}`}>
      <h3 id={`deactivate-${store.id}`}>Deactivate</h3>
      {deactivate.isError ? (
        <Alert>{sentenceOf(deactivate.error)}</Alert>
      ) : null}
      {asking ? (
        <div className={styles.confirm}>
          <p>
            Deactivate {store.name}? Its shipments and history are kept; it
            stops counting as an active store.
          </p>
          <Button
            ref={confirm}
            disabled={deactivate.isPending}
            onClick={() =>
              deactivate.mutate(
                { params: { id: store.id }, body: { version: store.version } },
                {
                  onSuccess: () => {
                    setAsking(false);
                    onDone(`${store.name} was deactivated.`);
                  },
                },
              )
            }
          >
            {deactivate.isPending
              ? 'Deactivating…'
              : `Yes, deactivate ${store.name}`}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Deactivate {store.name}…
        </Button>
      )}
    </section>
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
  const trail = useStoreAuditTrail(id);
  const { access } = useTenancy();
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = detail.status === 'success';
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  const store = detail.data?.store;
  const written = (text: string) => {
    setNotice(text);
    void trail.refetch();
  };
  return (
    <div className={styles.view}>
      <Button variant="secondary" onClick={onBack}>
        Back to stores
      </Button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <DataState
        status={detail.status}
        error={detail.error ? { message: sentenceOf(detail.error) } : null}
        onRetry={() => void detail.refetch()}
        loadingText="Loading the store…"
      >
        {store ? (
          <article className={styles.view} aria-labelledby={`store-${id}`}>
            <h2 id={`store-${id}`} ref={heading} tabIndex={-1}>
              {store.name}
            </h2>
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
              <Deactivation store={store} onDone={written} />
            ) : null}
            <section aria-labelledby={`trail-${id}`}>
              <h3 id={`trail-${id}`}>Audit trail</h3>
              <DataState
                status={trail.status}
                error={trail.error}
                onRetry={() => void trail.refetch()}
                loadingText="Loading the audit trail…"
              >
                <AuditTrail
                  events={trail.data?.events ?? []}
                  actions={STORE_ACTIONS}
                  fieldLabels={STORE_FIELD_LABELS}
                  shown={(_field, value) =>
                    STORE_WORDS[String(value)] ?? shownValue(value)
                  }
                  labelledBy={`trail-${id}`}
                  emptyText="No change has been recorded for this store yet."
                />
              </DataState>
            </section>
          </article>
        ) : null}
      </DataState>
    </div>
  );
}
