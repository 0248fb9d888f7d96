import type { SearchParamsPair } from '../list-params/use-list-params';

/** A record id as the URL may carry it: a whole number from 1, at most ten digits. */
const RECORD_ID = /^[1-9]\d{0,9}$/;

/** What {@link idParam} gives: the id open and the way to change it. */
export interface IdParam {
  /** The id in `?<key>=`, or `null` when it is absent or not an id. */
  id: number | null;
  /** Opens another id, or closes it (`null`), keeping the URL's other parameters. */
  setId: (id: number | null) => void;
}

/**
 * The record a screen has open, kept in one URL parameter (`?user=6`): its
 * id, read strictly, and its setter. It takes the URL's parameters from
 * the caller (react-router's `useSearchParams()`), as `useListParams` does.
 *
 * @example
 * const { id, setId } = idParam('user', useSearchParams());
 */
export function idParam(
  key: string,
  [params, setParams]: SearchParamsPair,
): IdParam {
  const text = params.get(key);
  return {
    id: text !== null && RECORD_ID.test(text) ? Number(text) : null,
    setId(id) {
      const next = new URLSearchParams(params);
      if (id === null) next.delete(key);
      else next.set(key, String(id));
      setParams(next);
    },
  };
}
