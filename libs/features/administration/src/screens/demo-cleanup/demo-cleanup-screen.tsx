import {
  DEMO_CLEANUP_CONFIRMATION,
  type DemoCleanupAction,
  type DemoCleanupKind,
  type DemoCleanupPlan,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  Button,
  ColumnHeadings,
  DataState,
  errorMessage,
  Figures,
  Form,
  FormError,
  FormField,
  formatDateTime,
  formatNumber,
  formRefusal,
  Panel,
  PlainTable,
  queryState,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useCleanUpDemo, useDemoCleanupPlan } from '../../data/demo-cleanup';
import styles from './demo-cleanup-screen.module.css';

/** What each action does, in the table's words. */
const ACTION_LABELS: Record<DemoCleanupAction, string> = {
  delete: 'Deleted',
  restore: 'Restored to the seed',
  retire: 'Kept, deactivated',
};

/** The form's value: the phrase, checked here as the server checks it. */
const ConfirmSchema = v.object({
  confirmation: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.check(
      (value) => value === DEMO_CLEANUP_CONFIRMATION,
      `Type "${DEMO_CLEANUP_CONFIRMATION}" to confirm.`,
    ),
  ),
});

/** The kinds a plan would touch (count above zero). */
const touched = (plan: DemoCleanupPlan) =>
  plan.kinds.filter((kind) => kind.count > 0);

/** One kind's records, listed under a disclosure. */
function KindItems({ kind }: { kind: DemoCleanupKind }) {
  const more = kind.count - kind.items.length;
  return (
    <details className={styles.kind}>
      <summary>
        {kind.label}: {formatNumber(kind.count)} (
        {ACTION_LABELS[kind.action].toLowerCase()})
      </summary>
      <ul className={styles.items}>
        {kind.items.map((item) => (
          <li key={item.id}>
            {item.label}
            {item.detail ? (
              <span className={styles.detail}> · {item.detail}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className={styles.more}>…and {formatNumber(more)} more.</p>
      ) : null}
    </details>
  );
}

/** The dry run: figures, the kinds as a table, and each kind's records. */
function DryRun({ plan }: { plan: DemoCleanupPlan }) {
  const kinds = touched(plan);
  const sum = (action: DemoCleanupAction) =>
    kinds.filter((k) => k.action === action).reduce((n, k) => n + k.count, 0);
  return (
    <>
      <Figures
        figures={[
          { term: 'To delete', value: formatNumber(sum('delete')) },
          { term: 'To restore', value: formatNumber(sum('restore')) },
          { term: 'To keep deactivated', value: formatNumber(sum('retire')) },
          { term: 'Seeded', value: formatDateTime(plan.seeded_at) },
          {
            term: 'Last cleaned up',
            value: plan.cleaned_at ? formatDateTime(plan.cleaned_at) : 'Never',
          },
        ]}
      />
      {kinds.length === 0 ? (
        <p>Nothing to clean up: the demo is as it was seeded.</p>
      ) : (
        <>
          <PlainTable scrollLabel="What the clean-up would do">
            <caption>What the clean-up would do, per kind</caption>
            <ColumnHeadings names={['Kind', 'What happens', 'Records']} />
            <tbody>
              {kinds.map((kind) => (
                <tr key={kind.kind}>
                  <th scope="row">{kind.label}</th>
                  <td>{ACTION_LABELS[kind.action]}</td>
                  <td>{formatNumber(kind.count)}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
          <div className={styles.kinds}>
            {kinds.map((kind) => (
              <KindItems key={kind.kind} kind={kind} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

/** The typed confirmation and the button that carries out the dry run shown. */
function ConfirmForm({
  plan,
  onDone,
  onChanged,
}: {
  plan: DemoCleanupPlan;
  onDone: (text: string) => void;
  onChanged: () => void;
}) {
  const cleanUp = useCleanUpDemo();
  const form = useForm({
    schema: ConfirmSchema,
    initialValues: { confirmation: '' },
    onSubmit: async (values) => {
      try {
        const answer = await cleanUp.mutateAsync({
          body: { confirmation: values.confirmation, plan: plan.plan },
        });
        form.reset();
        const done = answer.done.reduce((n, kind) => n + kind.count, 0);
        onDone(
          `The demo was cleaned up: ${formatNumber(done)} records deleted, restored or kept deactivated. It is as it was seeded.`,
        );
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status === 409) {
          onChanged();
          throw {
            message: errorMessage(
              error,
              'The demo changed since your dry run; review it and confirm again.',
            ),
          };
        }
        throw formRefusal(error, (_title, code) =>
          code === 400 ? 'confirmation' : undefined,
        );
      }
    },
  });
  return (
    <Form form={form} aria-labelledby="confirm-heading" className={styles.form}>
      <FormError />
      <FormField
        name="confirmation"
        label={`Type "${DEMO_CLEANUP_CONFIRMATION}" to confirm`}
        hint="Deleting cannot be undone. The audit trail keeps a record of the clean-up."
        autoComplete="off"
        spellCheck={false}
      />
      <SubmitButton busyLabel="Cleaning up…">Delete and restore</SubmitButton>
    </Form>
  );
}

/**
 * Demo Cleanup (decisions D20, docs/decisions/0096), for the super admin:
 * the dry run (what was made after the demo seed, and which seeded records
 * were edited since, per kind with every record listed), run again on
 * demand, and the typed confirmation that deletes the one and restores the
 * other in one transaction on the server. Anyone else who may open the
 * screen (the route's audience is the admins) is told that only the super
 * admin can, and no call is made.
 */
export default function DemoCleanupScreen() {
  const { access } = useTenancy();
  const plan = useDemoCleanupPlan(access.isSuperAdmin);
  const [notice, setNotice] = useState<string | null>(null);

  if (!access.isSuperAdmin) {
    return (
      <ScreenFrame>
        <Panel title="Only the super admin can clean up the demo">
          <p>
            Cleaning up deletes what people made in the demo and restores its
            seeded records, for everyone. Ask the super admin if the demo needs
            a fresh start.
          </p>
        </Panel>
      </ScreenFrame>
    );
  }

  const answer = plan.data?.plan;
  return (
    <ScreenFrame>
      <p className={styles.intro}>
        The demo seed made the members, accounts, stores, shipments and
        mail-back requests. Everything made since (invitations, users, keys,
        saved views, shipments, lots, requests, mail) is deleted, and the seeded
        records edited since go back to their seeded values. Audit events stay.
      </p>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <Panel
        title="Dry run"
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(null);
              void plan.refetch();
            }}
          >
            Run the dry run again
          </Button>
        }
      >
        <DataState
          {...queryState(plan)}
          loadingText="Looking for what changed since the seed…"
        >
          {answer ? <DryRun plan={answer} /> : null}
        </DataState>
      </Panel>
      {answer && answer.total > 0 ? (
        <Panel title="Clean up" headingId="confirm-heading">
          <ConfirmForm
            plan={answer}
            onDone={setNotice}
            onChanged={() => void plan.refetch()}
          />
        </Panel>
      ) : null}
    </ScreenFrame>
  );
}
