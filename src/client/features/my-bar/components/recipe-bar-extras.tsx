import { CheckCircle2Icon, CircleDashedIcon, GlassWaterIcon, ListPlusIcon, RepeatIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { MAX_MADE_NOTE } from '@/shared/schemas/my-bar';
import { foldText, useIngredients } from '@/client/lib/ingredients';
import { useBar, useMakeableIds, useRecipeMatch, useShoppingList } from '../api/my-bar-api';
import { useChangeShoppingList, useRecordMade } from '../api/my-bar-writes';
import { writeFailure } from './bottles-panel';
import { pressHint } from '@/shared/domain/produce';

/**
 * My Bar's marks around the catalogue: a 'can make' mark on cards, a mark on each recipe line, and a panel under a
 * recipe's ingredients ('You can make this' or what is missing, 'Add missing to shopping list', 'I made this'). Loaded
 * and drawn only for a signed-in user whose plan includes My Bar (recipe-bar-slots.tsx checks and passes `userId`).
 */

/** A 'Can make' mark on a card (a check, named for screen readers) when the bar can make the cocktail now. */
export function CanMakeMark({ userId, cocktailId }: { userId: string; cocktailId: number }) {
  const ids = useMakeableIds(userId);
  if (!ids.data?.ids.includes(cocktailId)) return null;
  return (
    <span
      title="You can make this with your bar"
      className="inline-flex size-7 items-center justify-center rounded-full bg-background/80 text-success ring-1 ring-success/50 backdrop-blur"
      data-testid="can-make-mark"
    >
      <CheckCircle2Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">Can make</span>
    </span>
  );
}

/** The mark after one recipe line: in your bar, covered by another bottle, or missing. */
export function RecipeLineMark({
  userId,
  cocktailId,
  position,
}: {
  userId: string;
  cocktailId: number;
  position: number;
}) {
  const match = useRecipeMatch(userId, cocktailId);
  const line = match.data?.lines.find((l) => l.position === position);
  if (!line || line.coverage === 'not-needed') return null;
  const missing = line.coverage === 'missing';
  let text = 'in your bar';
  if (missing) text = 'missing';
  else if (line.coverage === 'house-made') text = `house-made ${line.via?.name.toLowerCase() ?? ''}`.trim();
  else if (line.coverage === 'fresh' && line.via) text = pressHint(line.via.name);
  else if (line.coverage !== 'in-stock' && line.via) text = `${line.via.name} in your bar`;
  const Icon = missing
    ? CircleDashedIcon
    : line.coverage === 'substitute' || line.coverage === 'swap'
      ? RepeatIcon
      : CheckCircle2Icon;
  return (
    <span
      className={cn(
        'ml-2 inline-flex items-center gap-1 align-middle text-xs font-medium',
        missing ? 'text-danger-text' : 'text-success',
      )}
      data-testid="line-mark"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}

/** Under a recipe's ingredients: can the bar make it, what is missing (to the shopping list), and 'I made this'. */
export function RecipeBarPanel({ userId, cocktail }: { userId: string; cocktail: { id: number; name: string } }) {
  const id = useId();
  const match = useRecipeMatch(userId, cocktail.id);
  const shopping = useChangeShoppingList(userId);
  const made = useRecordMade(userId);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const missing = match.data?.lines.filter((l) => l.coverage === 'missing') ?? [];

  async function addMissing() {
    try {
      for (const line of missing) await shopping.mutateAsync({ kind: 'add', ingredientId: line.ingredient.id });
      showToast({ title: `${missing.map((l) => l.ingredient.name).join(', ')} on your shopping list` });
    } catch (error) {
      showToast({ title: 'Not added', description: writeFailure(error), variant: 'error' });
    }
  }

  function record() {
    made.mutate(
      { cocktailId: cocktail.id, name: cocktail.name, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNoting(false);
          setNote('');
          showToast({
            title: `${cocktail.name} recorded`,
            description: 'It counts on your profile.',
            variant: 'success',
          });
        },
        onError: (error) => showToast({ title: 'Not recorded', description: writeFailure(error), variant: 'error' }),
      },
    );
  }

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-3"
      data-testid="recipe-bar-panel"
    >
      {match.data ? (
        match.data.canMake ? (
          <p className="flex items-center gap-2 text-sm font-medium text-success">
            <CheckCircle2Icon className="size-4" aria-hidden="true" />
            You can make this with your bar
          </p>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              Missing from your bar: <strong>{missing.map((l) => l.ingredient.name).join(', ')}</strong>
            </p>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => void addMissing()}
              disabled={shopping.isPending}
            >
              <ListPlusIcon aria-hidden="true" />
              Add to shopping list
            </Button>
          </div>
        )
      ) : null}
      {noting ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            record();
          }}
        >
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Note (optional)
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={MAX_MADE_NOTE}
            rows={2}
            placeholder="A little less syrup next time…"
            onChange={(event) => setNote(event.target.value)}
            className="rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base outline-none focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 md:text-sm"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={made.isPending}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setNoting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" size="sm" variant="secondary" className="self-start" onClick={() => setNoting(true)}>
          <GlassWaterIcon aria-hidden="true" />I made this
        </Button>
      )}
    </div>
  );
}

/**
 * For a batch or party shopping-list row (by the ingredient's name): 'In your bar' when the bar holds it, 'On your list'
 * when the shopping list does, else an 'Add to list' button. Names the catalogue does not know draw nothing.
 */
export function ShoppingStatus({ userId, ingredient }: { userId: string; ingredient: string }) {
  const ingredients = useIngredients();
  const bar = useBar(userId);
  const list = useShoppingList(userId);
  const change = useChangeShoppingList(userId);
  const known = ingredients.data?.find((i) => foldText(i.name) === foldText(ingredient));
  if (!known || !bar.data) return null;
  if (bar.data.items.some((item) => item.id === known.id)) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-success" data-testid="owned-mark">
        <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
        In your bar
      </span>
    );
  }
  if (list.data?.items.some((item) => item.ingredient.id === known.id)) {
    return <span className="text-xs text-muted">On your list</span>;
  }
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-xs font-medium text-accent underline-offset-2 outline-none hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      disabled={change.isPending}
      onClick={() =>
        change.mutate(
          { kind: 'add', ingredientId: known.id },
          { onError: (error) => showToast({ title: 'Not added', description: writeFailure(error), variant: 'error' }) },
        )
      }
    >
      <ListPlusIcon className="size-3.5" aria-hidden="true" />
      Add to list<span className="sr-only">: {known.name}</span>
    </button>
  );
}
