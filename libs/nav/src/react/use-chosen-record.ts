import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The link state a list gives its rows' links (`<Link state={FROM_LIST}>`),
 * so the record's Back returns with the browser's Back, which restores the
 * list's scroll and focus.
 */
export const FROM_LIST = { fromList: true } as const;

/** A record id as the URL may carry it: a whole number from 1, at most ten digits. */
const RECORD_ID = /^[1-9]\d{0,9}$/;

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
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const text = params.get(key);
  return {
    id: text && RECORD_ID.test(text) ? Number(text) : null,
    back() {
      if ((location.state as { fromList?: boolean } | null)?.fromList) {
        void navigate(-1);
        return;
      }
      const next = new URLSearchParams(params);
      next.delete(key);
      setParams(next);
    },
  };
}
