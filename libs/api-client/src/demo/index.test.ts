import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MemberSchema, UserSchema } from '../contract/schemas';
import { DEMO_MEMBERS, DEMO_UNREAD_NOTIFICATIONS, DEMO_USERS } from './index';

describe('the demo data', () => {
  it('holds accounts and members exactly as the contract reads them', () => {
    for (const user of Object.values(DEMO_USERS)) {
      expect(v.parse(UserSchema, user)).toEqual(user);
    }
    for (const member of DEMO_MEMBERS) {
      expect(v.parse(MemberSchema, member)).toEqual(member);
    }
  });

  it('gives each account its own email and an unread count', () => {
    const emails = Object.values(DEMO_USERS).map((user) => user.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(Object.keys(DEMO_UNREAD_NOTIFICATIONS).sort()).toEqual(
      Object.keys(DEMO_USERS).sort(),
    );
  });

  it("puts every brand account in a member of the demo, with that member's code", () => {
    for (const user of Object.values(DEMO_USERS)) {
      if (user.member_id === null) continue;
      const member = DEMO_MEMBERS.find((m) => m.id === user.member_id);
      expect(member, user.email).toBeDefined();
      if (user.member_code !== null)
        expect(user.member_code).toBe(member?.code);
    }
  });
});
