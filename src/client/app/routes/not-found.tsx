import { NotFoundView } from '@/client/app/shell/not-found-view';

/** Route module for any unknown path: the 404 page. */
export function Component() {
  return <NotFoundView />;
}
