import { ScreenFrame } from '@collective/nav/react';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { StoreListView } from '../../data/stores';
import { listViewParams, readListView, readStoreId } from './list-view';
import { StoreDetail } from './store-detail';
import { StoreList } from './store-list';

/**
 * Store Analytics (specification §2): the stores of the data scope (brand
 * users only their member's), and once a store is chosen its detail view
 * with a Back action. Everything lives in the URL — the search, the order,
 * the page and the chosen store — so reload, bookmarks and the browser's
 * own Back work, and Back returns to the list as it was.
 */
export default function StoresAnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const view = readListView(params);
  const storeId = readStoreId(params);
  // The store whose detail was left, so the list gives its link the focus back.
  const [leftStore, setLeftStore] = useState<number | null>(null);
  const focusReturned = useCallback(() => setLeftStore(null), []);
  const showView = useCallback(
    (next: StoreListView, options?: { replace?: boolean }) =>
      setParams(listViewParams(next), options),
    [setParams],
  );

  function back() {
    setLeftStore(storeId);
    // Came from the list in this tab: the browser's Back restores its scroll too.
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      void navigate(-1);
    } else {
      setParams(listViewParams(view));
    }
  }

  return (
    <ScreenFrame>
      {storeId === null ? (
        <StoreList
          view={view}
          onView={showView}
          returnFocusTo={leftStore}
          onFocusReturned={focusReturned}
        />
      ) : (
        <StoreDetail id={storeId} onBack={back} />
      )}
    </ScreenFrame>
  );
}
