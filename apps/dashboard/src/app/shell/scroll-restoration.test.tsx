import {
  createTestPlatform,
  type TestPlatform,
} from '@collective/platform/testing';
import { act, render } from '@testing-library/react';
import {
  MemoryRouter,
  useNavigate,
  type NavigateFunction,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useScrollRestoration } from './scroll-restoration';

function setUp(): { platform: TestPlatform; go(to: string | number): void } {
  const platform = createTestPlatform();
  let go: NavigateFunction = () => undefined;
  function Probe() {
    useScrollRestoration(platform);
    go = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={['/stores']}>
      <Probe />
    </MemoryRouter>,
  );
  return {
    platform,
    go: (to) =>
      act(() => {
        void (typeof to === 'number' ? go(to) : go(to));
      }),
  };
}

describe('useScrollRestoration', () => {
  it('lands Back on the position the list was left at, and a link at the top', () => {
    const { platform, go } = setUp();
    platform.scrollBy(900);
    go('/stores/12');
    expect(platform.scrollY()).toBe(0);
    platform.scrollBy(300);
    go(-1);
    expect(platform.scrollY()).toBe(900);
    go(1);
    expect(platform.scrollY()).toBe(300);
  });

  it('keeps the position for a link to a #fragment and on the first entry', () => {
    const { platform, go } = setUp();
    expect(platform.scrollY()).toBe(0);
    platform.scrollBy(500);
    go('/stores#filters');
    expect(platform.scrollY()).toBe(500);
  });
});
