// The 404 page, with a button back home.
import { NotFoundPage } from '../../components/not-found-page.tsx';

export function Component() {
  return <NotFoundPage />;
}
