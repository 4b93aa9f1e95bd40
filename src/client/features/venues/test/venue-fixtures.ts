import { http, type HttpHandler } from 'msw';
import { negroniDetail } from '@/client/test/fixtures';
import { jsonBody } from '@/client/test/handlers';
import { recordRequests, server, type RequestLog } from '@/client/test/msw-server';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import type { Signature, StoredPhoto } from '@/shared/schemas/venues';

/** The venue the tests write to, and the signed-in user's id (the query keys' owner). */
export const SLUG = 'the-bar';
export const USER_ID = 'user-1';

/** A few catalogue ingredients, as `GET /api/ingredients` lists them. */
export const INGREDIENTS: IngredientSummary[] = [
  {
    id: 1,
    slug: 'gin',
    name: 'Gin',
    category: 'Spirits',
    parentId: null,
    variant: false,
    abv: 40,
    aliases: [],
    parts: [],
  },
  {
    id: 2,
    slug: 'campari',
    name: 'Campari',
    category: 'Liqueurs',
    parentId: null,
    variant: false,
    abv: 25,
    aliases: [],
    parts: [],
  },
  {
    id: 5,
    slug: 'lime-juice',
    name: 'Lime juice',
    category: 'Juices',
    parentId: null,
    variant: false,
    abv: 0,
    aliases: [],
    parts: [],
  },
];

/** A stored photo of 1600 x 1200 px in two widths, WebP and JPEG. */
export const PHOTO: StoredPhoto = {
  width: 1600,
  height: 1200,
  variants: [
    { width: 320, format: 'webp', url: '/media/p/320.webp' },
    { width: 320, format: 'jpeg', url: '/media/p/320.jpg' },
    { width: 640, format: 'webp', url: '/media/p/640.webp' },
    { width: 640, format: 'jpeg', url: '/media/p/640.jpg' },
  ],
};

/** The venue's own Negroni, as the signatures routes answer it. */
export function signatureOf(overrides: Partial<Signature> = {}): Signature {
  return {
    ...negroniDetail,
    id: 900,
    slug: 'the-bar--house-negroni',
    name: 'House Negroni',
    category: 'Modern',
    is_signature: true,
    photo: null,
    ...overrides,
  };
}

/** `GET /api/ingredients` answering {@link INGREDIENTS}. */
export function ingredientsHandler(): HttpHandler {
  return http.get('/api/ingredients', () => jsonBody({ items: INGREDIENTS, total: INGREDIENTS.length }));
}

/** Answers with `handlers` and records every request (`server.use` puts the newest first: the recorder goes last). */
export function installApi(...handlers: HttpHandler[]): RequestLog {
  server.use(...handlers);
  return recordRequests();
}
