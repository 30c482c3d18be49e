import { useState } from 'react';
import { $currentUser } from '../client/current-user';
import { api } from '../client/http';
import { useT, withStrings } from '../client/strings';
import { queueToastForNextPage, reserveToast } from '../ui/toast-store';
import { featureMember } from '../shared/api-routes.generated';
import type { ScopeOf } from '../shared/string-specs';
import type { Strings } from '../shared/strings';
import { Button } from '../ui/Button';
import { useHydratedStore } from '../ui/hooks';

interface Props {
  userId: number;
  featured: boolean;
  /** The `featureMember` bundle: the control's words. */
  strings: Strings<ScopeOf<'featureMember'>>;
}

/**
 * The admin's Feature / Stop featuring on a member's page (the page is the same for everyone:
 * the control shows once the viewer is known to be the admin). The page reloads after it, so
 * the server renders the badge.
 */
export default withStrings(FeatureMember);

function FeatureMember({ userId, featured }: Props) {
  const t = useT<ScopeOf<'featureMember'>>();
  const user = useHydratedStore($currentUser, undefined);
  const [busy, setBusy] = useState(false);
  if (!user?.isAdmin) return null;
  const onClick = async () => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await api(featureMember, { params: { id: userId }, body: { featured: !featured } });
      queueToastForNextPage({ title: featured ? t('member.unfeaturedToast') : t('member.featuredToast') });
      location.reload();
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('member.featureFailed') });
      setBusy(false);
    }
  };
  return (
    <Button icon="award" variant="outline" size="sm" disabled={busy} data-testid="feature-member" onClick={() => void onClick()}>
      {featured ? t('member.unfeature') : t('member.feature')}
    </Button>
  );
}
