/**
 * @collective/ui: accessible React primitives of the collective's tools. They
 * style themselves only with the theme's CSS custom properties (see the
 * README for the variable contract), so they work under any theme and never
 * import the theming library.
 */
export { Alert } from './alert/alert';
export type { AlertProps } from './alert/alert';
export { AuditTrail } from './audit-trail/audit-trail';
export type { AuditTrailProps } from './audit-trail/audit-trail';
export { auditChanges, shownValue } from './audit-trail/audit-changes';
export type { AuditTrailEvent, AuditWords } from './audit-trail/audit-changes';
export { Badge } from './badge/badge';
export type { BadgeProps } from './badge/badge';
export { Button } from './button/button';
export type { ButtonProps } from './button/button';
export { Choice, ChoiceGroup } from './choice-group/choice-group';
export { RadioChoices } from './choice-group/radio-choices';
export type { RadioChoicesProps } from './choice-group/radio-choices';
export type {
  ChoiceGroupProps,
  ChoiceProps,
} from './choice-group/choice-group';
export { ConfirmAction } from './confirm-action/confirm-action';
export type { ConfirmActionProps } from './confirm-action/confirm-action';
export { CopyButton } from './copy-button/copy-button';
export type { CopyButtonProps } from './copy-button/copy-button';
export { DataState } from './data-state/data-state';
export type { DataStateProps } from './data-state/data-state';
export { queryState } from './query-state/query-state';
export type { StateQuery } from './query-state/query-state';
export { answerState, DataTable } from './data-table/data-table';
export type {
  DataTableColumn,
  DataTableProps,
  TableAnswer,
} from './data-table/data-table';
export { figureColumn } from './data-table/figure-column';
export { errorMessage } from './error-message/error-message';
export { ExportButton } from './export-button/export-button';
export type { ExportButtonProps } from './export-button/export-button';
export { Field, fieldControlClass } from './field/field';
export type { FieldControlProps, FieldProps } from './field/field';
export { FilterBar } from './filter-bar/filter-bar';
export type { FilterBarProps, FilterBarSelect } from './filter-bar/filter-bar';
export { labelledFilter, statusFilter } from './filter-bar/select-filters';
export { idParam } from './id-param/id-param';
export type { IdParam } from './id-param/id-param';
export { Form, useFormContext } from './form/form';
export type { FormProps } from './form/form';
export { fieldError, issuesToErrors, useForm } from './form/use-form';
export { formRefusal, isStaleWrite } from './form/form-refusal';
export type {
  FormController,
  FormSchema,
  FormValues,
  ServerError,
  UseFormOptions,
} from './form/use-form';
export { FormError } from './form-error/form-error';
export type { FormErrorProps } from './form-error/form-error';
export { FormField } from './form-field/form-field';
export type { FormFieldControl, FormFieldProps } from './form-field/form-field';
export { FormSelect } from './form-select/form-select';
export type { FormSelectProps } from './form-select/form-select';
export {
  dateTimeFormat,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  numberFormat,
} from './format/format';
export { formatGrowth } from './format/format-growth';
export {
  apiSort,
  defaultListState,
  listParamsToSearch,
  normalizeListState,
  parseListParams,
  sortText,
} from './list-params/list-params';
export type {
  ListFilterSpec,
  ListSort,
  ListSpec,
  ListState,
} from './list-params/list-params';
export { listPagination, useListParams } from './list-params/use-list-params';
export { ListTable } from './list-table/list-table';
export type { ListTableProps } from './list-table/list-table';
export { noMatchText } from './list-table/no-match-text';
export { STANDARD_PAGING } from './list-params/standard-paging';
export { listQuery } from './list-params/list-query';
export type { ListQueryView } from './list-params/list-query';
export {
  LIST_PERIODS,
  periodStart,
  periodValues,
} from './list-params/list-periods';
export type { ListPeriod } from './list-params/list-periods';
export type {
  ListParams,
  SearchParamsChange,
  SearchParamsPair,
} from './list-params/use-list-params';
export { MenuButton } from './menu-button/menu-button';
export type { MenuButtonProps, MenuItem } from './menu-button/menu-button';
export { Pagination } from './pagination/pagination';
export type { PaginationProps } from './pagination/pagination';
export { FactList } from './fact-list/fact-list';
export type { FactListProps } from './fact-list/fact-list';
export { Figures } from './figures/figures';
export type { Figure, FiguresProps } from './figures/figures';
export { Panel } from './panel/panel';
export type { PanelProps } from './panel/panel';
export { PlainTable } from './plain-table/plain-table';
export type { PlainTableProps } from './plain-table/plain-table';
export { ColumnHeadings } from './plain-table/column-headings';
export type { ColumnHeadingsProps } from './plain-table/column-headings';
export { RecordDetail } from './record-detail/record-detail';
export type { RecordDetailProps } from './record-detail/record-detail';
export { RowIssuesTable } from './row-issues/row-issues-table';
export type {
  RowIssue,
  RowIssuesTableProps,
} from './row-issues/row-issues-table';
export { SavedViews } from './saved-views/saved-views';
export type {
  SavedView,
  SavedViewsProps,
  ViewVisibility,
} from './saved-views/saved-views';
export { SelectField } from './select-field/select-field';
export { labelledOptions } from './select-field/labelled-options';
export { namedOptions } from './named-options/named-options';
export type {
  SelectFieldProps,
  SelectOption,
} from './select-field/select-field';
export { sentenceRowClass } from './sentence-row/sentence-row';
export { Sheet } from './sheet/sheet';
export { SubmitButton } from './submit-button/submit-button';
export type { SubmitButtonProps } from './submit-button/submit-button';
export { Stack } from './stack/stack';
export type { StackProps } from './stack/stack';
export { StackedBarChart } from './stacked-bar-chart/stacked-bar-chart';
export type {
  ChartBar,
  ChartReference,
  ChartSeries,
  StackedBarChartProps,
} from './stacked-bar-chart/stacked-bar-chart';
export type { SheetProps } from './sheet/sheet';
export {
  VisuallyHidden,
  visuallyHiddenClass,
} from './visually-hidden/visually-hidden';
export { TextField } from './text-field/text-field';
export type { TextFieldProps } from './text-field/text-field';
