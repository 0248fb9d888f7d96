import {
  REPORT_TEMPLATE_INFO,
  REPORT_REGIONS,
  REPORT_TEMPLATES,
  type ReportRun,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  answerState,
  Button,
  DataTable,
  type DataTableColumn,
  errorMessage,
  Form,
  FormError,
  FormField,
  FormSelect,
  formatDateTime,
  formatNumber,
  formatPercent,
  formRefusal,
  namedOptions,
  Panel,
  RadioChoices,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import {
  isUnfinished,
  useCancelReport,
  useReportRuns,
  useRunReport,
} from '../../data/reports';
import {
  asks,
  describeRun,
  initialReportValues,
  ReportFormSchema,
} from './report-fields';
import styles from './report-generator.module.css';
import { RunFiles } from './run-files';

/** A run's status in words. */
const STATUS_WORDS: Readonly<Record<ReportRun['status'], string>> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * The form: a template, then its parameters (the period always; the member
 * for collective admins; the region where the template has one). A brand
 * user's member is their own, decided by the server.
 */
function NewReport({ onStarted }: { onStarted: (run: ReportRun) => void }) {
  const { access, selectedMemberId } = useTenancy();
  const members = useMembers();
  const runReport = useRunReport();
  const form = useForm({
    schema: ReportFormSchema,
    initialValues: initialReportValues(
      new Date(),
      access.isCollectiveAdmin ? selectedMemberId : null,
    ),
    onSubmit: async (body) => {
      try {
        onStarted((await runReport.mutateAsync({ body })).run);
      } catch (error) {
        throw formRefusal(error);
      }
    },
  });
  const template = String(form.values.template);
  return (
    <Panel title="New report">
      <Form form={form} aria-label="New report" className={styles.form}>
        <FormError />
        <RadioChoices
          legend="Template"
          name="template"
          options={REPORT_TEMPLATES}
          label={(id) => (
            <span className={styles.choice}>
              <strong>{REPORT_TEMPLATE_INFO[id].title}</strong>
              <span className={styles.hint}>
                {REPORT_TEMPLATE_INFO[id].description}
              </span>
            </span>
          )}
          value={template}
          onChange={(id) => form.setValue('template', id)}
          error={form.errors['template']}
        />
        <div className={styles.period}>
          <FormField
            name="from"
            label="From month"
            hint="YYYY-MM, in UTC"
            type="month"
            required
          />
          <FormField
            name="to"
            label="To month"
            hint="Included; at most 36 months"
            type="month"
            required
          />
        </div>
        {access.isCollectiveAdmin && asks(template, 'member') ? (
          <FormSelect
            name="member_id"
            label="Member"
            emptyChoice="Whole collective"
            options={namedOptions(members)}
          />
        ) : null}
        {asks(template, 'region') ? (
          <FormSelect
            name="region"
            label="Region"
            emptyChoice="Every region"
            options={REPORT_REGIONS.map((region) => ({
              value: region,
              label: region,
            }))}
          />
        ) : null}
        <SubmitButton>Run report</SubmitButton>
      </Form>
    </Panel>
  );
}

/** The run followed on screen: its progress and Cancel while it runs, its files once ready. */
function CurrentRun({ run }: { run: ReportRun | undefined }) {
  const cancel = useCancelReport();
  const [cancelError, setCancelError] = useState<string | null>(null);
  if (!run) {
    return (
      <Panel title="Current run">
        <p className={styles.note}>
          No report is running. Choose a template and its parameters, then Run
          report; the files are kept 7 days.
        </p>
      </Panel>
    );
  }
  const { title, scope, period } = describeRun(run.parameters);
  const unfinished = isUnfinished(run);
  async function cancelRun(id: string) {
    setCancelError(null);
    try {
      await cancel.mutateAsync({ params: { id } });
    } catch (error) {
      setCancelError(
        `The run could not be cancelled: ${errorMessage(error, 'The server did not answer.')}`,
      );
    }
  }
  return (
    <Panel title="Current run">
      <p className={styles.runTitle}>
        <strong>{title}</strong> · {scope} · {period}
      </p>
      <div className={styles.progressRow}>
        <progress
          className={styles.progress}
          max={1}
          value={run.progress}
          aria-label={`Progress of ${title}`}
        />
        <span role="status" className={styles.status}>
          {STATUS_WORDS[run.status]} · {formatPercent(run.progress)}
          {unfinished && run.note ? ` · ${run.note}` : ''}
          {run.status === 'succeeded' && run.rows !== null
            ? ` · ${formatNumber(run.rows)} rows`
            : ''}
        </span>
      </div>
      {run.error && run.status !== 'succeeded' ? (
        <Alert tone={run.status === 'failed' ? 'error' : 'info'}>
          {run.error}
        </Alert>
      ) : null}
      {unfinished ? (
        <Button
          variant="secondary"
          onClick={() => void cancelRun(run.id)}
          disabled={cancel.isPending}
        >
          Cancel run
        </Button>
      ) : null}
      {cancelError ? <Alert>{cancelError}</Alert> : null}
      {run.status === 'succeeded' ? <RunFiles run={run} /> : null}
    </Panel>
  );
}

const HISTORY_COLUMNS: readonly DataTableColumn<ReportRun>[] = [
  {
    id: 'report',
    header: 'Report',
    rowHeader: true,
    cell: (run) => describeRun(run.parameters).title,
  },
  {
    id: 'parameters',
    header: 'Parameters',
    cell: (run) => {
      const { scope, period } = describeRun(run.parameters);
      return `${scope} · ${period}`;
    },
  },
  {
    id: 'status',
    header: 'Status',
    cell: (run) =>
      isUnfinished(run)
        ? `${STATUS_WORDS[run.status]} (${formatPercent(run.progress)})`
        : STATUS_WORDS[run.status],
  },
  {
    id: 'requested_by',
    header: 'Requested by',
    cell: (run) => run.requested_by.name,
  },
  {
    id: 'created_at',
    header: 'Requested',
    cell: (run) => formatDateTime(run.created_at),
  },
  {
    id: 'expires_at',
    header: 'Kept until',
    cell: (run) => (run.expires_at ? formatDateTime(run.expires_at) : '–'),
  },
  {
    id: 'files',
    header: 'Files',
    cell: (run) =>
      run.files.length > 0 ? <RunFiles run={run} compact /> : '–',
  },
];

/**
 * /report-generator (decisions D14, D18; docs/decisions/0101): choose a
 * template, fill its parameters and run it on the server as a job; follow
 * its progress (or cancel it), then download its CSV or XLSX or open its
 * printable page. The history lists the runs of the data scope for 7 days:
 * a brand admin's member's, a collective admin's every run or the chosen
 * member's.
 */
export default function ReportGeneratorScreen() {
  const runs = useReportRuns();
  const [followed, setFollowed] = useState<string | null>(null);
  const list = runs.data?.runs ?? [];
  const current =
    list.find((run) => run.id === followed) ?? list.find(isUnfinished);
  return (
    <ScreenFrame>
      <div className={styles.layout}>
        <NewReport onStarted={(run) => setFollowed(run.id)} />
        <CurrentRun run={current} />
      </div>
      <Panel title="Report history">
        <p className={styles.note}>
          Runs are kept 7 days after they end, with their files.
        </p>
        <DataTable
          caption="Report runs"
          hideCaption
          columns={HISTORY_COLUMNS}
          rows={list}
          getRowId={(run) => run.id}
          {...answerState(runs)}
          emptyText="No report has been run in the last 7 days."
        />
      </Panel>
    </ScreenFrame>
  );
}
