import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screens } from './index';

describe('screens', () => {
  it.each([
    ['performance', 'Performance'],
    ['api-keys', 'API Keys'],
  ] as const)(
    'loads the %s screen on demand, titled "%s"',
    async (key, title) => {
      const { default: Screen } = await screens[key]();
      render(<Screen />);
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 1, name: title }),
      ).toBeInTheDocument();
    },
  );
});
