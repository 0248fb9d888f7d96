import { allows, operationsEndpoints } from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import { idParam } from '@collective/ui';
import { useSearchParams } from 'react-router-dom';
import { EolOverview } from './eol-overview';
import { LotView } from './lot-detail';

/**
 * EOL Processing (decisions D14, D15): the mass balance of the data scope
 * (received = sorted + residue; sorted = in lots + on hand), material on
 * hand and the confirmed outcomes per material and period, the lots, and
 * one lot with its chain of custody (`?lot=`). Those the contract lets
 * make lots (collective admins) see the forms to make, ship and confirm
 * one; brand users read their member's.
 */
export default function EolProcessingScreen() {
  const { access } = useTenancy();
  const canWrite = allows(access, operationsEndpoints.createLot.audience);
  const { id: chosen, setId: show } = idParam('lot', useSearchParams());
  return (
    <ScreenFrame>
      {chosen !== null ? (
        <LotView
          key={chosen}
          id={chosen}
          canWrite={canWrite}
          onBack={() => show(null)}
        />
      ) : (
        <EolOverview canWrite={canWrite} onLot={show} />
      )}
    </ScreenFrame>
  );
}
