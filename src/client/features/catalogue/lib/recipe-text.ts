/** Minutes as shown on a recipe: "5 min" (docs/product.md, Records: preparation time in minutes). */
export function formatMinutes(minutes: number): string {
  return `${minutes} min`;
}
