import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action';

function Deactivate({ onConfirm }: { onConfirm: (done: () => void) => void }) {
  return (
    <ConfirmAction
      askLabel="Deactivate Kiehl's…"
      question="Deactivate Kiehl's? Its history is kept."
      confirmLabel="Yes, deactivate Kiehl's"
      pendingLabel="Deactivating…"
      pending={false}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmAction', () => {
  it('asks first, with focus on the confirming button, and runs only on Yes', async () => {
    const onConfirm = vi.fn();
    render(<Deactivate onConfirm={onConfirm} />);
    await userEvent.click(
      screen.getByRole('button', { name: "Deactivate Kiehl's…" }),
    );
    expect(
      screen.getByText("Deactivate Kiehl's? Its history is kept."),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: "Yes, deactivate Kiehl's" }),
    ).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('gives focus back to the asking button on Cancel, having done nothing', async () => {
    const onConfirm = vi.fn();
    render(<Deactivate onConfirm={onConfirm} />);
    await userEvent.click(
      screen.getByRole('button', { name: "Deactivate Kiehl's…" }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      screen.getByRole('button', { name: "Deactivate Kiehl's…" }),
    ).toHaveFocus();
    expect(screen.queryByText(/history is kept/)).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes the question once the action says it is done, and keeps it open until then', async () => {
    let finish: () => void = () => undefined;
    render(<Deactivate onConfirm={(done) => (finish = done)} />);
    await userEvent.click(
      screen.getByRole('button', { name: "Deactivate Kiehl's…" }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: "Yes, deactivate Kiehl's" }),
    );
    expect(screen.getByText(/history is kept/)).toBeVisible();
    act(() => finish());
    expect(
      await screen.findByRole('button', { name: "Deactivate Kiehl's…" }),
    ).toBeVisible();
  });

  it('shows the refusal, and the pending label on a disabled button while it runs', async () => {
    function Running() {
      const [pending, setPending] = useState(false);
      return (
        <ConfirmAction
          askLabel="Revoke…"
          question="Revoke the key?"
          confirmLabel="Yes, revoke"
          pendingLabel="Revoking…"
          pending={pending}
          error="This key was already revoked."
          onConfirm={() => setPending(true)}
        />
      );
    }
    render(<Running />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This key was already revoked.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revoke…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    expect(screen.getByRole('button', { name: 'Revoking…' })).toBeDisabled();
  });

  it('keeps the asking button disabled when told to', () => {
    render(
      <ConfirmAction
        askLabel="Deactivate 0 stores…"
        question="?"
        confirmLabel="Yes"
        pendingLabel="…"
        pending={false}
        disabled
        onConfirm={vi.fn()}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'Deactivate 0 stores…' }),
    ).toBeDisabled();
  });
});
