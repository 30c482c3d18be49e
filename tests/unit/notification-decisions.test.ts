import { describe, it } from 'vitest';
import type { NewEvent } from '../../events';
import { notificationDecider } from '../../modules/notifications/domain/notifications';
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
