import {
  REPORT_TEMPLATE_INFO,
  REPORT_TEMPLATES,
  RunReportSchema,
  type ReportParameters,
  type ReportTemplate,
} from '@collective/api-client/contract';
import * as v from 'valibot';

/** Whether `template` asks for `parameter`. */
export function asks(
  template: string,
  parameter: 'member' | 'region',
): boolean {
  const info = REPORT_TEMPLATE_INFO[template as ReportTemplate] as
    | (typeof REPORT_TEMPLATE_INFO)[ReportTemplate]
    | undefined;
  return (
    (info?.parameters as readonly string[] | undefined)?.includes(parameter) ??
    false
  );
}

/** The form's values as typed: every field a string; empty member or region means all. */
export interface ReportFormValues {
  template: string;
  from: string;
  to: string;
  member_id: string;
  region: string;
}

/**
 * The body of POST /api/reports from the form's values: only the
 * parameters the template asks for, empty ones left out (the whole
 * collective, every region).
 */
export function reportBody(values: ReportFormValues): Record<string, unknown> {
  return {
    template: values.template,
    from: values.from.trim(),
    to: values.to.trim(),
    ...(values.member_id !== '' && asks(values.template, 'member')
      ? { member_id: Number(values.member_id) }
      : {}),
    ...(values.region !== '' && asks(values.template, 'region')
      ? { region: values.region }
      : {}),
  };
}

/** The form's schema: its text values made into the body, checked by the contract's own schema. */
export const ReportFormSchema = v.pipe(
  v.object({
    template: v.string(),
    from: v.string(),
    to: v.string(),
    member_id: v.string(),
    region: v.string(),
  }),
  v.transform(reportBody),
  RunReportSchema,
);

/** A month `YYYY-MM` of a date (UTC), `back` months earlier. */
export function monthOf(date: Date, back = 0): string {
  const shifted = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1),
  );
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The form's first values: the first template, the 12 months up to this one (the dashboard's window). */
export function initialReportValues(
  now: Date,
  memberId: number | null,
): ReportFormValues {
  return {
    template: REPORT_TEMPLATES[0],
    from: monthOf(now, 11),
    to: monthOf(now),
    member_id: memberId === null ? '' : String(memberId),
    region: '',
  };
}

/** A run's parameters in words: template, member, region, period. */
export function describeRun(parameters: ReportParameters): {
  title: string;
  scope: string;
  period: string;
} {
  return {
    title: REPORT_TEMPLATE_INFO[parameters.template].title,
    scope: [
      parameters.member_name ?? 'Whole collective',
      ...(parameters.region ? [parameters.region] : []),
    ].join(' · '),
    period:
      parameters.from === parameters.to
        ? parameters.from
        : `${parameters.from} to ${parameters.to}`,
  };
}
