import { useMembers, useTenancy } from '@collective/tenancy/react';

/** The heading of the screen, also the accessible name of its region. */
const TITLE = 'Dashboard';

/**
 * The dashboard screen: a region labelled by its level-one heading, saying
 * which tenant and which data scope every figure on it belongs to.
 */
export default function DashboardScreen() {
  const { tenant, dataFilter } = useTenancy();
  const members = useMembers();
  const memberId = 'member_id' in dataFilter ? dataFilter.member_id : null;
  const scope =
    memberId === null
      ? 'all members'
      : (members.find((m) => m.id === memberId)?.name ?? `member ${memberId}`);
  return (
    <section aria-labelledby="dashboard-screen-title">
      <h1 id="dashboard-screen-title">{TITLE}</h1>
      <p data-testid="data-scope">
        {tenant.name} · showing data for {scope}
      </p>
    </section>
  );
}
