import { DEMO_USERS, type DemoUserKey } from '@collective/api-client/testing';
import { cleanup, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';

/**
 * The test of a screen whose read is scoped: opened by the super admin it
 * asks for the whole collective (no `member_id`), opened by a brand admin
 * for their own member. `answerWith` answers the read and returns the query
 * of every request, as `answerGet` of `@collective/ui/testing` does.
 */
export function itAsksForTheDataScope(
  answerWith: (answer: object) => readonly URLSearchParams[],
  answer: object,
  open: (who: DemoUserKey) => Promise<unknown>,
): void {
  it("asks for the signed-in user's data scope: the whole collective for the super admin, their own member for a brand user", async () => {
    const asked = answerWith(answer);
    await open('super');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.has('member_id')).toBe(false);
    cleanup();
    await open('brandAdmin');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.get('member_id')).toBe(
      String(DEMO_USERS.brandAdmin.member_id),
    );
  });
}
