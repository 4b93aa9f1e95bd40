import { useParams } from 'react-router';
import { PublicMenuPage } from '@/client/features/venues/components/public-menu-page';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/**
 * Route module of `/v/:slug`: a venue's public menu, outside the app's shell (no top bar, no tabs: guests
 * came for the drinks). On a Toast device it is the kiosk menu. Exports `Component`.
 */
export function Component() {
  const { slug = '' } = useParams();
  useDocumentTitle('Menu');
  const env = useAppEnvironment();
  return <PublicMenuPage slug={slug} kiosk={env.isToast} />;
}
