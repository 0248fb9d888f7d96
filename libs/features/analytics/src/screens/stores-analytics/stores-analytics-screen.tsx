import { ScreenFrame } from '@collective/nav/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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

  function back() {
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
          onView={(next) => setParams(listViewParams(next))}
        />
      ) : (
        <StoreDetail id={storeId} onBack={back} />
      )}
    </ScreenFrame>
  );
}
