import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../testing';
import { MemberSwitcher } from './member-switcher';

setupFakeApi({ baseUrl: TEST_ORIGIN });

async function renderSwitcher() {
  const shell = await renderWithShell(<MemberSwitcher />, {
    signedInAs: 'admin',
  });
  const select = screen.getByRole('combobox', { name: 'Member' });
  await within(select).findByRole('option', { name: 'Northfield Outdoor' });
  return { ...shell, select };
}

describe('MemberSwitcher', () => {
  it('offers All Members first, then every member by name', async () => {
    const { select } = await renderSwitcher();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All Members',
      'Harbor & Pine',
      "Kiehl's",
      'Lumen Skincare',
      'Meridian Naturals',
      'Northfield Outdoor',
      'Solstice Beauty',
      'Tidewater Apparel',
    ]);
    expect(select).toHaveValue('all');
  });

  it('selects a member, which becomes the data scope, and All Members again', async () => {
    const { select, tenancy } = await renderSwitcher();
    await userEvent.selectOptions(select, 'Meridian Naturals');
    expect(select).toHaveValue('1009');
    expect(tenancy.getState()).toMatchObject({
      selectedMemberId: 1009,
      scope: { filter: { member_id: 1009 } },
    });
    await userEvent.selectOptions(select, 'All Members');
    expect(tenancy.getState()).toMatchObject({
      selectedMemberId: null,
      scope: { filter: {} },
    });
  });

  it('is reached with Tab and is a native select, which browsers make keyboard operable', async () => {
    const { select } = await renderSwitcher();
    await userEvent.tab();
    expect(document.activeElement).toBe(select);
    expect(select.tagName).toBe('SELECT');
  });

  it.each(['staff', 'brandAdmin', 'operator'] as const)(
    'is absent for %s (not a collective admin on the main tenant)',
    async (who) => {
      await renderWithShell(<MemberSwitcher />, { signedInAs: who });
      expect(
        screen.queryByRole('combobox', { name: 'Member' }),
      ).not.toBeInTheDocument();
    },
  );
});
