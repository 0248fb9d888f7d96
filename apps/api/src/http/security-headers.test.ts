import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it("gives helmet's default headers", () => {
    expect(helmetHeaders({})).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('applies the options given', () => {
    const headers = helmetHeaders({
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
    });

    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('throws what helmet throws for an invalid option', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ['self'] } },
      }),
    ).toThrow(/self/);
  });
});
