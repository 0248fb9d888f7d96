import { Figures, Panel, type Figure } from '@collective/ui';
import type { ReactNode } from 'react';
import { rangeText } from './period-controls';

/** Whose figures an answer holds and over which months. */
export interface ScopeAnswer {
  scope: { member_name: string | null };
  from: string;
  to: string;
}

/**
 * The totals panel at the top of an analytics screen: headed by whose
 * figures they are and their months ("All members, Dec 2025 – Nov 2026"),
 * then the figures as tiles and any note on them.
 */
export function ScopeTotals({
  answer,
  everyone = 'All members',
  headingId,
  figures,
  children,
}: {
  /** The answer's scope and months. */
  answer: ScopeAnswer;
  /** The heading's words for the whole collective's scope. */
  everyone?: string;
  headingId: string;
  figures: readonly Figure[];
  /** Said under the figures, e.g. how a rate is counted. */
  children?: ReactNode;
}) {
  return (
    <Panel
      title={`${answer.scope.member_name ?? everyone}, ${rangeText(answer)}`}
      headingId={headingId}
    >
      <Figures figures={figures} />
      {children}
    </Panel>
  );
}
