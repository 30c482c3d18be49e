import { beforeEach, describe, expect, it } from 'vitest';
import { $toast, dismissToast, reserveToast, showToast } from '../../src/client/toast-store';

/**
 * At most one toast at a time. The one shown answers the user's latest
 * action, whatever order the work behind earlier actions finishes in (a slow
 * clipboard write used to replace the newer "Link copied").
 */
describe('toast order', () => {
  beforeEach(() => dismissToast());

  it('given two actions, when the earlier one finishes last, then the later one stays on screen', () => {
    const copy = reserveToast();
    const share = reserveToast();
    share({ title: 'Link copied' });
    copy({ title: 'Copied to clipboard' });
    expect($toast.get()?.title).toBe('Link copied');
  });

  it('given two actions finishing in order, then each shows and the last remains', () => {
    const first = reserveToast();
    const second = reserveToast();
    first({ title: 'one' });
    expect($toast.get()?.title).toBe('one');
    second({ title: 'two' });
    expect($toast.get()?.title).toBe('two');
  });

  it('given a toast shown after an action started, then the action answering later does not replace it', () => {
    const slow = reserveToast();
    showToast({ title: 'Logout failed' });
    slow({ title: 'Prompt copied' });
    expect($toast.get()?.title).toBe('Logout failed');
  });
});
