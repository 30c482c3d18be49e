import type { RejectedVersion, VersionContent } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { VersionDiff } from '../versions/VersionDiff';

/**
 * A resubmission in the admin's queues: the reason it was rejected for, the note the
 * author got, and what changed since that version, folded away (a <details>, which opens before
 * hydration and from the keyboard).
 */
export function RejectedBefore({
  rejected,
  now,
  version,
  testId = 'resubmission',
}: {
  rejected: RejectedVersion;
  now: VersionContent;
  version: number;
  testId?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  const reason = rejected.reason ? t(`reasons.${rejected.reason}`) : t('reasons.none');
  return (
    <details className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm" data-testid={testId} data-rejected-version={rejected.version}>
      <summary className="cursor-pointer">
        <span className="font-semibold">{t('admin.resubmitted')}</span> · {t('admin.rejectedBefore', { reason })} ·{' '}
        <span className="underline">{t('admin.changesSinceRejection', { version: rejected.version })}</span>
      </summary>
      {rejected.note && <blockquote className="mt-2 border-l-2 border-amber-500/40 pl-3 italic">{rejected.note}</blockquote>}
      <div className="mt-3">
        <VersionDiff
          before={rejected}
          after={now}
          beforeLabel={t('versions.version', { version: rejected.version })}
          afterLabel={t('versions.version', { version })}
          testId="resubmission-diff"
        />
      </div>
    </details>
  );
}
