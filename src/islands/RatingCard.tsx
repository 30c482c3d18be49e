import { $currentUser } from '../client/current-user';
import { askToSignInToRate } from '../client/prompt-actions';
import { RatingChoices } from '../ui/PromptControls';
import { useHydratedStore } from '../ui/hooks';

interface Props {
  labels: { notHelpful: string; helpful: string; signIn: string };
}

/**
 * The rating card's controls (spec section 2): Not Helpful (1) and Helpful (5). A visitor is
 * told to sign in and sent to /auth. Signed-in rating (the stored value through `$ratings`,
 * the thanks line) comes with the ratings issue; until then signed-in users see no buttons.
 */
export default function RatingControls({ labels }: Props) {
  const user = useHydratedStore($currentUser, undefined);
  if (user) return null;
  return (
    <>
      <RatingChoices labels={labels} onRate={askToSignInToRate} />
      <p className="no-js-only text-sm">
        <a href="/auth" className="font-medium text-link hover:underline">
          {labels.signIn}
        </a>
      </p>
    </>
  );
}
