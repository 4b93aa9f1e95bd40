import { SearchIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';
import { MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';

/**
 * The catalogue's search field: a search landmark with the label 'Search cocktails' (visually hidden), a magnifier, a
 * spinner while results load and a clear button once there is text. Enter searches at once (`onSubmit`).
 */
export function CocktailSearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  busy = false,
  placeholder = 'Name, spirit or ingredient',
  className,
  size = 'lg',
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  onClear: () => void;
  /** True while the results of the current text are loading. */
  busy?: boolean;
  placeholder?: string;
  className?: string;
  /** lg: 56 px hero field; default: 44 px. */
  size?: 'default' | 'lg';
}) {
  const id = useId();
  return (
    <form
      role="search"
      className={cn('relative w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Search cocktails
      </Label>
      <SearchIcon
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted',
          size === 'lg' ? 'size-5' : 'size-4',
        )}
      />
      <Input
        id={id}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_QUERY_LENGTH}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onClear();
          }
        }}
        className={cn(
          'rounded-xl [&::-webkit-search-cancel-button]:hidden',
          value || busy ? 'pr-20' : 'pr-4',
          size === 'lg' ? 'h-14 pl-12 text-base md:text-base' : 'h-11 pl-10',
        )}
      />
      <div className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center gap-1">
        {busy ? <Spinner label="Searching" className="size-4" /> : null}
        {value ? (
          <button
            type="button"
            onClick={onClear}
            aria-label="Clear text"
            className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-3 hover:text-foreground"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
