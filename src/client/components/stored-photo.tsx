import { cn } from '@/client/lib/utils';
import type { StoredPhoto as StoredPhotoData } from '@/shared/schemas/public-menu';
import { fallbackSrcOf, srcSetOf } from '@/client/lib/image-file';

/**
 * An uploaded photo in every stored size: a `<picture>` offering the WebP variants, then the JPEG ones, for the browser
 * to pick by `sizes` and the screen's density. The `<img>` carries the photo's own width and height so its box is
 * reserved before it loads (no layout shift; CSS sets the shown size), and loads lazily unless `eager`.
 */
export function StoredPhoto({
  photo,
  alt,
  sizes,
  className,
  eager = false,
}: {
  photo: StoredPhotoData;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. '(min-width: 640px) 320px, 100vw'. */
  sizes: string;
  /** Classes of the `<img>` (size, object-fit, rounding). */
  className?: string;
  eager?: boolean;
}) {
  const webp = srcSetOf(photo, 'webp');
  const jpeg = srcSetOf(photo, 'jpeg');
  return (
    // A block of the <img>'s size (sized by `className`): not `display: contents`, which would make the <source>
    // elements flex items of their own (each taking a gap beside the photo).
    <picture className="block shrink-0">
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      {jpeg ? <source type="image/jpeg" srcSet={jpeg} sizes={sizes} /> : null}
      <img
        src={fallbackSrcOf(photo)}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('block', className)}
      />
    </picture>
  );
}
