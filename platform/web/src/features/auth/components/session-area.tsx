// What the layout shows about a session on every page, loaded after the first paint and only
// when there is a session: the session-expired modal, the reactivation modal, and who a card
// sign-in signed in.
import { WithSession } from '../../../lib/session/use-session.tsx';
import { ReactivationModal } from './reactivation-modal.tsx';
import { SessionExpiredModal } from './session-expired-modal.tsx';
import { SignedInNotice } from './signed-in-notice.tsx';

export default function SessionArea() {
  return (
    <WithSession>
      <SessionExpiredModal />
      <ReactivationModal />
      <SignedInNotice />
    </WithSession>
  );
}
