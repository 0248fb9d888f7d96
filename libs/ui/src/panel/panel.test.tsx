import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Panel } from './panel';

describe('Panel', () => {
  it('is a region named by its heading, with its actions and content', () => {
    render(
      <Panel
        title="On hand"
        actions={<button type="button">Create a lot</button>}
      >
        <p>12 kg of glass</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'On hand' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'On hand' }),
    ).toBeInTheDocument();
    expect(region).toContainElement(
      screen.getByRole('button', { name: 'Create a lot' }),
    );
    expect(region).toHaveTextContent('12 kg of glass');
  });

  it('gives two panels two names', () => {
    render(
      <>
        <Panel title="First">a</Panel>
        <Panel title="Second">b</Panel>
      </>,
    );
    expect(screen.getByRole('region', { name: 'First' })).toHaveTextContent(
      'a',
    );
    expect(screen.getByRole('region', { name: 'Second' })).toHaveTextContent(
      'b',
    );
  });

  it('without a title is only the card: no region, no heading', () => {
    render(
      <Panel>
        <figure aria-label="Weight per month">chart</figure>
      </Panel>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(
      screen.getByRole('figure', { name: 'Weight per month' }),
    ).toBeVisible();
  });

  it('takes the heading id it is given, for links and waits', () => {
    render(
      <Panel title="At a glance" headingId="kpis">
        figures
      </Panel>,
    );
    expect(
      screen.getByRole('heading', { name: 'At a glance' }),
    ).toHaveAttribute('id', 'kpis');
  });
});
