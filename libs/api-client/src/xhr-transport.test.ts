import { describe, expect, it } from 'vitest';
import * as main from './index';
import { xhrTransport } from './xhr-transport';

describe('the xhr-transport entry', () => {
  // The dashboard loads the main entry with import(), which keeps every
  // export of it: an upload transport there is loaded by every signed-in
  // page, uploads or not (docs/decisions/0099).
  it('is not part of the main entry, which every signed-in page loads', () => {
    expect(Object.keys(main)).not.toContain('xhrTransport');
    expect(typeof xhrTransport(() => undefined)).toBe('function');
  });
});
