/** Route module of the discover page: wiring only; the page lives in features/catalogue/components/discover-page.tsx. */
export { DiscoverPage as Component } from '@/client/features/catalogue/components/discover-page';
