import { EXPORT_DATASET_INFO } from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  DataState,
  ExportButton,
  formatNumber,
  Panel,
  queryState,
} from '@collective/ui';
import { useSearchParams } from 'react-router-dom';
import {
  useExportCount,
  useExportDownload,
  type ExportChoice,
} from '../data/data-export';
import styles from './data-sources/data-sources.module.css';
import {
  choiceFromSearch,
  choiceProblem,
  periodProblems,
  searchOfChoice,
} from './data-export/export-choice';
import { ExportForm } from './data-export/export-form';

/**
 * Raw Data Export (decisions D18; docs/decisions/0100): choose a dataset
 * (shipments, receipts, material lines, lots, stores), its period, status
 * and member, and the columns; the server counts the rows first, then
 * streams the CSV of any size to the browser's downloads, scoped like
 * every read and recorded in the audit trail. The choice lives in the URL.
 * Hidden from the special brand user (the route table), whose calls the
 * server refuses too.
 */
export default function DataExportScreen() {
  const [search, setSearch] = useSearchParams();
  const choice = choiceFromSearch(search);
  const problem = choiceProblem(choice);
  const periods = periodProblems(choice);
  const periodProblem = periods.from ?? periods.to;
  const count = useExportCount(choice, periodProblem === null);
  const download = useExportDownload(choice);
  const setChoice = (update: (current: ExportChoice) => ExportChoice) =>
    setSearch((current) => searchOfChoice(update(choiceFromSearch(current))), {
      replace: true,
    });
  const answer = count.data;
  const label = EXPORT_DATASET_INFO[choice.dataset].label;

  return (
    <ScreenFrame>
      <div className={styles.screen}>
        <Panel title="What to export">
          <ExportForm
            choice={choice}
            onChange={setChoice}
            periodErrors={periods}
          />
        </Panel>
        <Panel title="Rows and download">
          {periodProblem ? (
            <Alert>{periodProblem}</Alert>
          ) : (
            <DataState {...queryState(count)} loadingText="Counting the rows…">
              {answer ? (
                <p className={styles.count} role="status">
                  {formatNumber(answer.count)}{' '}
                  {answer.count === 1 ? 'row' : 'rows'} of {label}
                  {answer.scope.member_name
                    ? ` of ${answer.scope.member_name}`
                    : ' of every member'}
                </p>
              ) : null}
            </DataState>
          )}
          <p className={styles.note}>
            The server writes the file as it reads the rows, so an export of any
            size downloads without waiting; cells a spreadsheet would read as a
            formula start with an apostrophe.
          </p>
          {problem ? (
            // A period problem is said once, in the alert above.
            problem === periodProblem ? null : (
              <p className={styles.note}>{problem}</p>
            )
          ) : answer && answer.count > 0 ? (
            <ExportButton
              label={`Download CSV (${formatNumber(answer.count)} rows)`}
              getDownloadUrl={download}
              fileName={`${choice.dataset}.csv`}
            />
          ) : null}
        </Panel>
      </div>
    </ScreenFrame>
  );
}
