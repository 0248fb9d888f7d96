import { useState } from 'react';

/**
 * The notice of a record's detail after a write ("Kiehl's was saved."):
 * `written(text)` shows the text and reloads the audit trail, so the change
 * just made appears in it.
 */
export function useWrittenNotice(trail: {
  refetch: () => unknown;
}): [notice: string, written: (text: string) => void] {
  const [notice, setNotice] = useState('');
  const written = (text: string) => {
    setNotice(text);
    void trail.refetch();
  };
  return [notice, written];
}
