import { idParam } from '@collective/ui';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The link state a list gives its rows' links (`<Link state={FROM_LIST}>`),
 * so the record's Back returns with the browser's Back, which restores the
 * list's scroll and focus.
 */
export const FROM_LIST = { fromList: true } as const;

/** What {@link useChosenRecord} gives. */
export interface ChosenRecord {
  /** The id in `?<key>=`, or `null` for the list (absent or not an id). */
  id: number | null;
  /** Back to the list: the browser's Back when the list opened the record, else the URL without `key`. */
  back: () => void;
}

/**
 * The record a list-and-detail screen shows (`?member=7`, `?shipment=12`):
 * its id read from the URL, and the way back to the list, which keeps the
 * list's filters, sort and page.
 */
export function useChosenRecord(key: string): ChosenRecord {
  const { id, setId } = idParam(key, useSearchParams());
  const navigate = useNavigate();
  const location = useLocation();
  return {
    id,
    back() {
      if ((location.state as { fromList?: boolean } | null)?.fromList) {
        void navigate(-1);
        return;
      }
      setId(null);
    },
  };
}
