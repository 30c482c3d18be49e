import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { summarizeAgent } from '../../modules/devices/domain/agent';
import { connectionRequestDecider } from '../../modules/devices/domain/connection-request';
import { DEVICE_REFUSALS } from '../../modules/devices/contracts';
import { given } from '../support/given';

const MINUTE = 60_000;
const askedAt = new Date('2026-11-25T10:00:00Z');
const requested: NewEvent = {
  type: 'DeviceConnectionRequested',
  data: { requestId: 4, name: 'Chrome on Linux', agent: 'Chrome 131 on Linux', origin: 'chrome-extension://famaecjhbbmimdchglgpimcngdckobjj' },
};
const approvedEvent: NewEvent = { type: 'DeviceConnectionApproved', data: { requestId: 4, deviceId: 9, userId: 2 } };
const approveAt = (minutes: number) => ({
  kind: 'approve' as const,
  requestId: 4,
  deviceId: 9,
  userId: 2,
  now: new Date(askedAt.getTime() + minutes * MINUTE),
});

describe('extension connection requests', () => {
  it('given nothing, when the extension asks, then the request is recorded', () => {
    given(connectionRequestDecider)
      .when({ kind: 'request', requestId: 4, name: 'Chrome on Linux', agent: 'Chrome 131 on Linux', origin: requested.data.origin as string })
      .then(requested);
  });

  it('given a request, when the extension asks again for the same key, then it is refused', () => {
    given(connectionRequestDecider, [requested, askedAt])
      .when({ kind: 'request', requestId: 4, name: 'x', agent: 'y', origin: 'z' })
      .thenRefuses(DEVICE_REFUSALS.tokenUsed);
  });

  it('given a request asked 9 minutes ago, when the user approves, then it is approved', () => {
    given(connectionRequestDecider, [requested, askedAt]).when(approveAt(9)).then(approvedEvent);
    given(connectionRequestDecider, [requested, askedAt]).when(approveAt(10)).then(approvedEvent);
  });

  it('given a request asked more than 10 minutes ago, when the user approves, then it has expired', () => {
    const g = given(connectionRequestDecider, [requested, askedAt]);
    g.when(approveAt(10.01)).thenRefuses(DEVICE_REFUSALS.requestExpired);
    expect(() => g.when(approveAt(11)).events()).toThrow(DEVICE_REFUSALS.requestExpired.message);
  });

  it('given no request, when the user approves, then it is not found', () => {
    given(connectionRequestDecider).when(approveAt(0)).thenRefuses(DEVICE_REFUSALS.requestUnknown);
  });

  it('given an approved request, when it is approved again, then the key is used', () => {
    const g = given(connectionRequestDecider, [requested, askedAt], [approvedEvent, askedAt]);
    expect(() => g.when(approveAt(1)).events()).toThrow(DEVICE_REFUSALS.tokenUsed.message);
  });
});

describe('the approval page names the browser and system, not the whole User-Agent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Edge 130 on macOS',
    ],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36', 'Chrome 129 on ChromeOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132 on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Linux'],
    ['', 'Unknown browser'],
  ])('%s', (ua, summary) => {
    expect(summarizeAgent(ua)).toBe(summary);
  });
});
