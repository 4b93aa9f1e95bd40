/**
 * The uploads feature's public surface: checking and re-encoding an uploaded image (processImage), keeping its variants
 * in the image store (storeImage, createImageStore: local folder or S3) and serving them at /media (mediaRoutes, mediaUrl).
 */
export {
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  processImage,
  type ImageVariant,
  type ProcessedImage,
  type ProcessImageOptions,
  type VariantFormat,
} from './image';
export { MEDIA_CACHE_CONTROL, MEDIA_PATH, mediaRoutes, mediaUrl } from './routes';
export { storedPhotoKeys, storedPhotoOf } from './stored-photo';
export {
  createImageStore,
  createLocalImageStore,
  createS3ImageStore,
  guardImageStore,
  STORAGE_UNAVAILABLE_MESSAGE,
  isValidImageKey,
  storeImage,
  type ImageStore,
  type StoredImage,
  type StoredImageVariant,
} from './storage';
export { discardImages, recipeImageUrl, storeThenRecord, type PhotoStore } from './replace-photo';
