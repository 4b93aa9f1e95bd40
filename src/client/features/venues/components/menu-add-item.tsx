import { PlusIcon, XIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Combobox, matchCount } from '@/client/components/combobox';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { foldText } from '@/client/lib/ingredients';
import { MAX_MENU_SECTION_ITEMS, type MenuWrite, type Signature, type TeamMenu } from '@/shared/schemas/venues';
import { toMenuWrite, useCocktailSearch } from '../api/menu';
import { useSignatures } from '../api/signatures';
import { parsePrice, PRICE_HINT } from '../lib/menu-price';

/** Most of the venue's signature cocktails the picker offers for one text (before the catalogue's matches). */
const MAX_SIGNATURE_MATCHES = 5;

/** The venue's signature cocktails whose name holds `text` (accent- and case-insensitive), those starting with it first. */
function matchingSignatures(signatures: readonly Signature[], text: string): Signature[] {
  const q = foldText(text);
  if (!q) return [];
  return signatures
    .map((signature) => ({ signature, name: foldText(signature.name) }))
    .filter(({ name }) => name.includes(q))
    .sort((a, b) => Number(!a.name.startsWith(q)) - Number(!b.name.startsWith(q)) || a.name.localeCompare(b.name))
    .slice(0, MAX_SIGNATURE_MATCHES)
    .map(({ signature }) => signature);
}

/** The cocktail picked for the next item, before it is added. */
interface Chosen {
  id: number;
  name: string;
  signature: boolean;
}

/**
 * The editor's 'add a cocktail' form: pick a cocktail (the venue's signature cocktails first, marked 'Signature', then
 * the catalogue), give its price and section in any order, then 'Add to menu'. Nothing is written until then, so a
 * price typed after the pick is kept. `onAdd` writes the whole menu and calls `done` once it is saved, which clears the
 * form; on a failure the form keeps what was typed.
 */
export function AddItem({
  userId,
  slug,
  menu,
  onAdd,
  busy,
}: {
  userId: string;
  slug: string;
  menu: TeamMenu;
  onAdd: (write: MenuWrite, done: () => void) => void;
  busy: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [price, setPrice] = useState('');
  const [section, setSection] = useState(0);
  const [tried, setTried] = useState(false);
  // Where focus goes once the form has re-rendered: the price after a pick, the picker after 'Change' or an add.
  const [focusNext, setFocusNext] = useState<'price' | 'picker' | null>(null);
  const priceField = useRef<HTMLInputElement | null>(null);
  const picker = useRef<HTMLInputElement | null>(null);
  const query = useDeferredValue(text);
  const found = useCocktailSearch(query);
  const signatures = useSignatures(userId, slug);

  useEffect(() => {
    if (focusNext === 'price') priceField.current?.focus();
    if (focusNext === 'picker') picker.current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const ownMatches = matchingSignatures(signatures.data?.items ?? [], text);
  const ownIds = new Set(ownMatches.map((signature) => signature.id));
  const options = [
    ...ownMatches.map((signature) => ({
      key: `signature-${signature.id}`,
      label: `${signature.name} (Signature)`,
      value: { id: signature.id, name: signature.name, signature: true },
      content: (
        <>
          <span className="font-medium">{signature.name}</span>
          <Badge variant="accent">Signature</Badge>
        </>
      ),
    })),
    ...(found.data?.items ?? [])
      .filter((cocktail) => !ownIds.has(cocktail.id))
      .map((cocktail) => ({
        key: `catalogue-${cocktail.id}`,
        label: cocktail.name,
        value: { id: cocktail.id, name: cocktail.name, signature: false },
        content: <span className="font-medium">{cocktail.name}</span>,
      })),
  ];
  const priceCents = parsePrice(price);
  const sectionIndex = Math.min(section, menu.sections.length - 1);
  const target = menu.sections[sectionIndex];
  const full = target !== undefined && target.items.length >= MAX_MENU_SECTION_ITEMS;
  const noCocktail = tried && chosen === null;

  return (
    <form
      noValidate
      aria-label="Add a cocktail to the menu"
      className="grid gap-3 sm:grid-cols-[1fr_7rem_10rem_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (chosen === null || priceCents === undefined || full) return;
        const write = toMenuWrite(menu);
        write.sections[sectionIndex]!.items.push({
          cocktailId: chosen.id,
          priceCents,
          availability: 'auto',
        });
        onAdd(write, () => {
          setChosen(null);
          setPrice('');
          setTried(false);
          setFocusNext('picker');
        });
      }}
    >
      {chosen === null ? (
        <Combobox
          label="Add a cocktail"
          placeholder="Negroni, Paloma…"
          text={text}
          onText={setText}
          options={options}
          busy={found.isFetching}
          disabled={busy}
          invalid={noCocktail}
          describedBy={noCocktail ? `${id}-no-cocktail` : undefined}
          inputRef={(element) => {
            picker.current = element;
          }}
          emptyText={`No cocktail matches “${text.trim()}”`}
          statusText={matchCount(options.length)}
          onPick={(cocktail) => {
            setChosen(cocktail);
            setFocusNext('price');
          }}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-chosen-label`} className="text-sm font-medium">
            Cocktail
          </span>
          <div
            role="group"
            aria-labelledby={`${id}-chosen-label`}
            className="flex h-11 min-w-0 items-center justify-between gap-2 rounded-lg border border-accent/60 bg-accent-soft px-3"
          >
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate font-medium" data-testid="chosen-cocktail">
                {chosen.name}
              </span>
              {chosen.signature ? <Badge variant="accent">Signature</Badge> : null}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="-mr-2 shrink-0"
              aria-label={`Choose another cocktail than ${chosen.name}`}
              onClick={() => {
                setChosen(null);
                setFocusNext('picker');
              }}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-price`} className="text-sm font-medium">
          Price
        </label>
        <Input
          ref={priceField}
          id={`${id}-price`}
          inputMode="decimal"
          placeholder="$14"
          value={price}
          aria-invalid={priceCents === undefined}
          aria-describedby={priceCents === undefined ? `${id}-price-problem` : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-section`} className="text-sm font-medium">
          Section
        </label>
        <NativeSelect
          id={`${id}-section`}
          value={sectionIndex}
          onChange={(event) => setSection(Number(event.target.value))}
        >
          {menu.sections.map((s, index) => (
            <option key={s.id} value={index}>
              {s.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={busy}>
        <PlusIcon aria-hidden="true" />
        Add to menu
      </Button>
      {priceCents === undefined ? (
        <p id={`${id}-price-problem`} role="alert" className="text-sm text-danger-text sm:col-span-4">
          {PRICE_HINT}
        </p>
      ) : null}
      {full && target ? (
        <p role="status" className="text-sm text-muted sm:col-span-4">
          {target.title} holds its {MAX_MENU_SECTION_ITEMS} cocktails: choose another section.
        </p>
      ) : null}
      {noCocktail ? (
        <p id={`${id}-no-cocktail`} role="alert" className="text-sm text-danger-text sm:col-span-4">
          Choose a cocktail to add.
        </p>
      ) : null}
    </form>
  );
}
