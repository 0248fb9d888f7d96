import {
  MEMBER_PROFILE_SORTS,
  MEMBER_STATUSES,
  MEMBER_TIERS,
  type MemberProfile,
  type MemberStatus,
  type MemberTier,
} from '@collective/api-client/contract';
import { FROM_LIST } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  apiSort,
  Button,
  type DataTableColumn,
  figureColumn,
  FilterBar,
  formatDate,
  formatNumber,
  formatWeight,
  labelledOptions,
  type ListSpec,
  ListTable,
  Stack,
  useListParams,
} from '@collective/ui';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMemberProfiles } from '../../data/member-profiles';
import { recordListText } from '../record-list-text';
import { RecordScreen } from '../record-screen';
import { MemberDetail } from './member-detail';
import { CreateMemberForm, MEMBER_WORDS } from './member-form';

/** What the list accepts from its URL: anything else falls back to the defaults. */
const LIST: ListSpec = {
  sortable: ['name', 'collected_kg', 'last_shipment_at', 'stores'],
  defaultPageSize: 20,
  pageSizes: [20, 50, 100],
  filters: { search: 'text', status: MEMBER_STATUSES, tier: MEMBER_TIERS },
};

/** The choices of a filter among member tiers or statuses, in words. */
const choices = (values: readonly string[]) =>
  labelledOptions(values, MEMBER_WORDS);

/** The columns of the list; the server sorts by the sortable ones. */
function columnsFor(
  year: number | undefined,
): DataTableColumn<MemberProfile>[] {
  return [
    {
      id: 'name',
      header: 'Member',
      rowHeader: true,
      rowLink: true,
      sortable: true,
      cell: (row) => (
        <Link to={`?member=${row.id}`} state={FROM_LIST}>
          {row.name}
        </Link>
      ),
    },
    { id: 'tier', header: 'Tier', cell: (row) => MEMBER_WORDS[row.tier] },
    { id: 'status', header: 'Status', cell: (row) => MEMBER_WORDS[row.status] },
    {
      id: 'contact',
      header: 'Contact',
      cell: (row) =>
        [row.contact_name, row.contact_email].filter(Boolean).join(', ') || '–',
    },
    figureColumn('stores', 'Stores', (row) => formatNumber(row.stores)),
    {
      id: 'users',
      header: 'Users',
      align: 'end',
      cell: (row) => formatNumber(row.users),
    },
    figureColumn(
      'collected_kg',
      year ? `Collected in ${year}` : 'Collected this year',
      (row) => formatWeight(row.collected_kg_this_year),
    ),
    {
      id: 'last_shipment_at',
      header: 'Last shipment',
      sortable: true,
      sortDescFirst: true,
      cell: (row) =>
        row.last_shipment_at ? formatDate(row.last_shipment_at) : 'None yet',
    },
  ];
}

/** The members of the data scope, searched, filtered, sorted and paged in the URL. */
function MemberList() {
  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
  const { access } = useTenancy();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const search = state.filters['search'] ?? '';
  const answer = useMemberProfiles({
    search,
    status: state.filters['status'] as MemberStatus | undefined,
    tier: state.filters['tier'] as MemberTier | undefined,
    sort: apiSort(state.sort, MEMBER_PROFILE_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  });
  const page = answer.data;
  return (
    <Stack>
      {access.isCollectiveAdmin ? (
        <section aria-labelledby="add-member">
          <h2 id="add-member">Add a member</h2>
          {adding ? (
            <>
              <CreateMemberForm
                onCreated={(member) => void navigate(`?member=${member.id}`)}
              />
              <Button variant="secondary" onClick={() => setAdding(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button onClick={() => setAdding(true)}>Add member…</Button>
          )}
        </section>
      ) : (
        <p>
          You see your own member. Only the collective&apos;s admins change
          members.
        </p>
      )}
      <FilterBar
        label="Filter members"
        list={list}
        search={{ label: 'Search members by name or code' }}
        selects={[
          { key: 'status', label: 'Status', options: choices(MEMBER_STATUSES) },
          { key: 'tier', label: 'Tier', options: choices(MEMBER_TIERS) },
        ]}
      />
      <ListTable
        {...recordListText('member', 'members', page?.total, search)}
        columns={columnsFor(page?.year)}
        rows={page?.member_profiles}
        list={list}
        spec={LIST}
        answer={answer}
      />
    </Stack>
  );
}

/**
 * Member Management (decisions D14, D15): the members of the data scope
 * with tier, status, contact, stores, users, this year's collected weight
 * and last shipment; once one is chosen (`?member=<id>`), its detail and
 * audit trail. Collective admins add, edit and deactivate members; a brand
 * admin sees their own member, read-only (the server decides the scope).
 */
export default function MemberManagementScreen() {
  return (
    <RecordScreen param="member" List={MemberList} Detail={MemberDetail} />
  );
}
