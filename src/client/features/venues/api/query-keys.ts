import { accountKeys } from '@/client/lib/query-keys';

/** Venue keys, under the user's account keys (sign-out clears them). */
export const venueKeys = {
  all: (userId: string) => [...accountKeys.user(userId), 'venues'] as const,
  list: (userId: string) => [...venueKeys.all(userId), 'list'] as const,
  detail: (userId: string, slug: string) => [...venueKeys.all(userId), 'detail', slug] as const,
  members: (userId: string, slug: string) => [...venueKeys.all(userId), 'members', slug] as const,
  bar: (userId: string, slug: string) => [...venueKeys.all(userId), 'bar', slug] as const,
  activity: (userId: string, slug: string) => [...venueKeys.all(userId), 'bar-activity', slug] as const,
  menu: (userId: string, slug: string) => [...venueKeys.all(userId), 'menu', slug] as const,
  signatures: (userId: string, slug: string) => [...venueKeys.all(userId), 'signatures', slug] as const,
};

/** A venue's public menu (the same for everyone: no user in the key). */
export const publicMenuKey = (slug: string) => ['public-menu', slug] as const;

/** An invitation as the join page reads it (no user: the page shows it before sign-in). */
export const invitationKey = (id: string) => ['venue-invitation', id] as const;
