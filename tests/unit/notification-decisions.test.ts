import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { notificationDecider } from '../../modules/notifications/domain/notifications';
import { DIGEST_LANGUAGES } from '../../modules/notifications/contracts';
import { NotificationDigestChanged } from '../../events/contracts/notifications';
import { LANGUAGES } from '../../src/i18n/languages';
import { given } from '../support/given';

const seen = (upTo: number): NewEvent => ({ type: 'NotificationsSeen', data: { userId: 2, upTo } });
const allRead = (upTo: number): NewEvent => ({ type: 'NotificationsAllRead', data: { userId: 2, upTo } });

describe('notification marks', () => {
  it('given nothing seen, when the person looks up to a position, then it is seen up to there', () => {
    given(notificationDecider).when({ kind: 'seen', userId: 2, upTo: 40 }).then(seen(40));
  });

  it('given seen up to 40, when the person looks at older ones again (another tab), then nothing is added', () => {
    given(notificationDecider, seen(40)).when({ kind: 'seen', userId: 2, upTo: 40 }).then();
    given(notificationDecider, seen(40)).when({ kind: 'seen', userId: 2, upTo: 12 }).then();
    given(notificationDecider, seen(40)).when({ kind: 'seen', userId: 2, upTo: 41 }).then(seen(41));
  });

  it('given all read up to 40, when the person opens one of those, then nothing is added; a newer one is marked', () => {
    given(notificationDecider, allRead(40)).when({ kind: 'read', userId: 2, position: 30 }).then();
    given(notificationDecider, allRead(40))
      .when({ kind: 'read', userId: 2, position: 50 })
      .then({ type: 'NotificationRead', data: { userId: 2, position: 50 } });
  });

  it('given all read up to 40, when the person marks all read up to 40 again, then nothing; marking all read also counts as seen', () => {
    given(notificationDecider, allRead(40)).when({ kind: 'all-read', userId: 2, upTo: 40 }).then();
    given(notificationDecider, allRead(40)).when({ kind: 'seen', userId: 2, upTo: 40 }).then();
  });
});

const turned = (enabled: boolean, language: 'en' | 'zh-HK' = 'en', via: 'settings' | 'unsubscribe' = 'settings'): NewEvent => ({
  type: 'NotificationDigestChanged',
  data: { userId: 2, enabled, language, via },
});
const sent = (upTo: number, day = '2026-11-27', count = 1): NewEvent => ({ type: 'NotificationDigestSent', data: { userId: 2, upTo, count, day } });
const digest = (upTo: number, day = '2026-11-28', count = 1) => ({ kind: 'digest' as const, userId: 2, upTo, count, day });

describe('the daily digest', () => {
  it('is written in the site languages', () => {
    expect([...DIGEST_LANGUAGES]).toEqual([...LANGUAGES]);
    expect(NotificationDigestChanged.schema.shape.language.options).toEqual([...LANGUAGES]);
  });

  it('given nothing, when the person turns it on in zh-HK, then it is on in zh-HK; turning it on again in the same language adds nothing', () => {
    given(notificationDecider).when({ kind: 'digest-setting', userId: 2, enabled: true, language: 'zh-HK' }).then(turned(true, 'zh-HK'));
    given(notificationDecider, turned(true, 'zh-HK')).when({ kind: 'digest-setting', userId: 2, enabled: true, language: 'zh-HK' }).then();
    given(notificationDecider, turned(true, 'zh-HK')).when({ kind: 'digest-setting', userId: 2, enabled: true, language: 'en' }).then(turned(true, 'en'));
  });

  it('is off until turned on: turning it off then, or unsubscribing, adds nothing', () => {
    given(notificationDecider).when({ kind: 'digest-setting', userId: 2, enabled: false, language: 'en' }).then();
    given(notificationDecider).when({ kind: 'unsubscribe', userId: 2 }).then();
    given(notificationDecider).when(digest(50)).then();
  });

  it('given it on, when the link unsubscribes, then it is off (by the link), once', () => {
    given(notificationDecider, turned(true, 'zh-HK'))
      .when({ kind: 'unsubscribe', userId: 2 })
      .then(turned(false, 'zh-HK', 'unsubscribe'));
    given(notificationDecider, turned(true), turned(false, 'en', 'unsubscribe'))
      .when({ kind: 'unsubscribe', userId: 2 })
      .then();
    given(notificationDecider, turned(true), turned(false, 'en', 'unsubscribe'))
      .when(digest(50))
      .then();
  });

  it('given it on, when the job finds unread notifications, then a digest is sent, and never twice for the same ones or the same day', () => {
    given(notificationDecider, turned(true))
      .when(digest(50, '2026-11-28', 3))
      .then(sent(50, '2026-11-28', 3));
    // The job run again after a crash or on another worker: the same digest is already there.
    given(notificationDecider, turned(true), sent(50, '2026-11-28')).when(digest(50)).then();
    // Something new the same day waits for tomorrow.
    given(notificationDecider, turned(true), sent(50, '2026-11-28')).when(digest(60, '2026-11-28')).then();
    given(notificationDecider, turned(true), sent(50, '2026-11-28')).when(digest(60, '2026-11-29')).then(sent(60, '2026-11-29'));
    // Nothing new since the last digest, the next day: nothing.
    given(notificationDecider, turned(true), sent(50, '2026-11-28')).when(digest(50, '2026-11-29')).then();
  });

  it('given everything read up to 50, when the job asks for a digest up to 50, then nothing is sent', () => {
    given(notificationDecider, turned(true), allRead(50)).when(digest(50)).then();
    given(notificationDecider, turned(true), allRead(50)).when(digest(51)).then(sent(51, '2026-11-28'));
  });
});
