// /legal-notices: the network's text, in the visitor's language.
import { LegalPage } from '../../features/legal/components/legal-page.tsx';

export function Component() {
  return <LegalPage kind="legalNotices" />;
}
