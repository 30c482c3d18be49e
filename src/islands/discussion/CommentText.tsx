import { commentSegments } from '../../../modules/discussion/limits';

/**
 * A comment's text: plain runs and http(s) links only, never markup (React escapes every run);
 * line breaks show through `whitespace-pre-wrap`. Links are marked as user content.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="mt-1.5 text-sm leading-6 wrap-anywhere whitespace-pre-wrap" data-testid="comment-body">
      {commentSegments(text).map((s, i) =>
        s.href ? (
          <a key={i} href={s.href} rel="nofollow ugc noopener" target="_blank" className="text-link underline">
            {s.text}
          </a>
        ) : (
          s.text
        ),
      )}
    </p>
  );
}
