import { useState } from 'react';
import { Combobox, matchCount } from '@/client/components/combobox';
import { ingredientOption } from '@/client/components/ingredient-search';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { searchIngredients, useIngredients } from '@/client/lib/ingredients';
import { formatLine } from '@/shared/domain/line-format';
import type { Unit } from '@/shared/domain/units';
import type { ImportPreview } from '@/shared/schemas/recipes';

/** One previewed line. */
type PreviewLine = ImportPreview['recipes'][number]['lines'][number];

/** How a line's ingredient was found, in words, and whether it asks for a look. */
const MATCH: Record<PreviewLine['match'], { text: string; check: boolean }> = {
  exact: { text: 'Found', check: false },
  alias: { text: 'Found by another name', check: false },
  fuzzy: { text: 'Best guess: check it', check: true },
  new: { text: 'New: your own ingredient', check: true },
};

/** What the user picked for a line instead of the import's reading. */
export interface LineFix {
  id: number;
  name: string;
}

/**
 * One line of a previewed recipe: as written, the amount and unit read from it, and the ingredient it resolved to with
 * how (found, another name, a guess, new). 'Change' picks a catalogue ingredient instead (`onFix`); a fix can be undone.
 */
export function ImportLine({
  line,
  fix,
  onFix,
}: {
  line: PreviewLine;
  fix: LineFix | undefined;
  onFix: (fix: LineFix | undefined) => void;
}) {
  const [changing, setChanging] = useState(false);
  const [text, setText] = useState('');
  const ingredients = useIngredients();
  const match = MATCH[line.match];
  const reading = formatLine({
    amount: line.amount,
    amountMax: line.amount_max,
    unit: line.unit as Unit,
    ingredient: fix ? fix.name : line.ingredient,
  });
  const found = ingredients.data ? searchIngredients(ingredients.data, text, 8) : [];
  return (
    <li className="flex flex-col gap-2 border-b border-border py-2.5 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 text-sm">
          <span className="font-medium">{reading}</span>
          {line.brand ? <span className="text-muted"> ({line.brand})</span> : null}
        </span>
        <span className="flex items-center gap-2">
          {fix ? (
            <Badge variant="accent">Your choice</Badge>
          ) : (
            <Badge variant={match.check ? 'accent' : 'secondary'}>{match.text}</Badge>
          )}
          {fix ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onFix(undefined)}
              aria-label={`Undo the change of “${line.source}”`}
            >
              Undo
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={changing}
              aria-label={`Change the ingredient of “${line.source}”`}
              onClick={() => setChanging(!changing)}
            >
              {changing ? 'Close' : 'Change'}
            </Button>
          )}
        </span>
      </div>
      <span className="text-xs text-muted">“{line.source}”</span>
      {changing && !fix ? (
        <Combobox
          label={`Ingredient for “${line.source}”`}
          placeholder="Search the catalogue"
          text={text}
          onText={setText}
          busy={ingredients.isPending}
          emptyText={ingredients.isPending ? 'Loading the ingredients…' : `No ingredient matches “${text.trim()}”`}
          statusText={matchCount(found.length)}
          options={found.map((item) => ingredientOption(item))}
          onPick={(item) => {
            onFix({ id: item.id, name: item.name });
            setChanging(false);
          }}
        />
      ) : null}
    </li>
  );
}
