import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, maskEmail, maskName, maskPostalCode } from './masking';

describe('masks of personal data', () => {
  it('keeps the first letters and the top-level domain of an email', () => {
    expect(maskEmail('jo.smith@example.com')).toBe('j•••@e•••.com');
    expect(maskEmail('x@localhost')).toBe('x•••@l•••');
    expect(maskEmail('not-an-email')).toBe(MASK);
  });

  it('keeps the initial of each word of a name', () => {
    expect(maskName('Jo  Smith')).toBe('J••• S•••');
    expect(maskName('Émile')).toBe('É•••');
  });

  it('keeps two digits of a ZIP code', () => {
    expect(maskPostalCode('97201-1234')).toBe('97•••');
  });

  it('never shows more than one character of any word of a name or local part', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{2,12}$/),
        fc.stringMatching(/^[a-z]{2,12}$/),
        (local, host) => {
          const masked = maskEmail(`${local}@${host}.org`);
          // The top-level domain is kept on purpose (a host "or" is in it).
          expect(masked.endsWith('.org')).toBe(true);
          const shown = masked.slice(0, -'.org'.length);
          expect(shown).not.toContain(local);
          expect(shown).not.toContain(host);
          expect(maskName(`${local} ${host}`)).not.toContain(local);
        },
      ),
    );
  });
});
