import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditTrail } from './audit-trail';

describe('AuditTrail', () => {
  it('shows each event as a row named by its action, with who and the changed fields', () => {
    render(
      <>
        <h3 id="trail">Audit trail</h3>
        <AuditTrail
          labelledBy="trail"
          emptyText="Nothing yet."
          actions={{ update: 'Edited' }}
          fieldLabels={{ contact_name: 'Contact name' }}
          events={[
            {
              id: 2,
              at: '2026-11-20T10:00:00.000Z',
              action: 'update',
              actor: { name: 'Ada Admin', email: 'ada@pact.test' },
              before: { contact_name: 'Jo', version: 1 },
              after: { contact_name: 'Sam', version: 2 },
            },
            {
              id: 1,
              at: '2026-11-19T10:00:00.000Z',
              action: 'seed',
              actor: null,
              before: null,
              after: { contact_name: 'Jo' },
            },
          ]}
        />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Audit trail' });
    const edited = within(table).getByRole('rowheader', { name: 'Edited' });
    const row = edited.closest('tr')!;
    expect(within(row).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(row).getByText('Contact name: Jo → Sam')).toBeInTheDocument();
    const seeded = within(table).getByRole('rowheader', { name: 'seed' });
    expect(
      within(seeded.closest('tr')!).getByText('System'),
    ).toBeInTheDocument();
  });

  it('says so when nothing was recorded', () => {
    render(<AuditTrail labelledBy="x" emptyText="Nothing yet." events={[]} />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
