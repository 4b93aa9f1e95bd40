import type { PageSpec, Targets } from './lighthouse-figures';

/**
 * The pages the Lighthouse bench measures, each with its targets (scores 0..1, times in ms): `/` for a first and a
 * returning visitor, `/discover`, a cocktail's page (`/cocktails/<recipeSlug>`, first visit and returning, with an SEO
 * target of 1.00), `/batch-calculator`, and a venue's public menu (`/v/<menuSlug>`, first visit and returning).
 */
export function lighthousePages({ recipeSlug, menuSlug }: { recipeSlug: string; menuSlug: string }): PageSpec[] {
  const home: Targets = { performance: 0.98, fcpMs: 1000, lcpMs: 1500, tbtMs: 50, cls: 0.01 };
  const inner: Targets = { performance: 0.95, lcpMs: 2000, tbtMs: 100, cls: 0.01 };
  return [
    { label: '`/` first visit (age gate showing)', path: '/', returning: false, targets: home },
    {
      label: '`/` returning visitor (age gate confirmed)',
      path: '/',
      returning: true,
      targets: { ...home, lcpMs: 1800 },
    },
    { label: '`/discover` (returning)', path: '/discover', returning: true, targets: inner },
    // A cocktail's page, rendered on the server, as a search result or a shared link opens it.
    {
      label: `\`/cocktails/${recipeSlug}\` recipe page, first visit`,
      path: `/cocktails/${recipeSlug}`,
      returning: false,
      targets: { ...inner, seo: 1 },
    },
    {
      label: `\`/cocktails/${recipeSlug}\` recipe page (returning)`,
      path: `/cocktails/${recipeSlug}`,
      returning: true,
      targets: { ...inner, seo: 1 },
    },
    { label: '`/batch-calculator` (returning)', path: '/batch-calculator', returning: true, targets: inner },
    // A venue's public menu, rendered on the server (24 drinks in two sections, some unavailable).
    {
      label: `\`/v/${menuSlug}\` public menu, first visit`,
      path: `/v/${menuSlug}`,
      returning: false,
      targets: inner,
    },
    { label: `\`/v/${menuSlug}\` public menu (returning)`, path: `/v/${menuSlug}`, returning: true, targets: inner },
  ];
}
