import { ScreenFrame, useChosenRecord } from '@collective/nav/react';
import type { ComponentType } from 'react';

/** Props of {@link RecordScreen}. */
export interface RecordScreenProps {
  /** The URL parameter of the chosen record: `store` for `?store=<id>`. */
  param: string;
  /** The list of the records, shown while none is chosen. */
  List: ComponentType;
  /** The chosen record's detail; `onBack` returns to the list. */
  Detail: ComponentType<{ id: number; onBack: () => void }>;
}

/**
 * The screen of a record-management list (admin stores, member
 * management): the list, or once a record is chosen (`?store=<id>`) its
 * detail, mounted afresh for each record.
 */
export function RecordScreen({ param, List, Detail }: RecordScreenProps) {
  const { id, back } = useChosenRecord(param);
  return (
    <ScreenFrame>
      {id === null ? <List /> : <Detail key={id} id={id} onBack={back} />}
    </ScreenFrame>
  );
}
