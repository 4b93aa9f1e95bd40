import { useParams } from 'react-router';
import { SharedRecipePage } from '@/client/features/recipes/components/shared-recipe-page';

/** Route module of `/recipes/shared/:slug`: a recipe someone shared, open to anyone with the link. */
export function Component() {
  const { slug = '' } = useParams();
  return <SharedRecipePage slug={slug} />;
}
