import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useCallback, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';

/** What {@link useListCombobox} needs: the options, the typed text, and what a pick does. */
export interface ListComboboxOptions<T> {
  /** The options the current text offers (the caller filters locally or asks the server). */
  items: readonly T[];
  /** An option's accessible name. */
  itemToString: (item: T | null) => string;
  /** The typed text (controlled) and its setter. */
  inputValue: string;
  onInputValue: (text: string) => void;
  onPick: (item: T) => void;
  /** 'clear' empties the field after a pick (a picker that adds to a list); 'keep' leaves the text (a search). */
  afterPick: 'clear' | 'keep';
  /** Keep the first option active until the arrows move, so Enter picks at once (a picker); else none is active. */
  autoHighlight?: boolean;
  /** Escape on a closed list with text: by default the text is emptied through onInputValue. */
  onEscapeClear?: () => void;
  /**
   * Whether the list is wanted (from focus or typing until a pick, Escape, submit or blur), when the caller keeps it:
   * a field that fetches its options asks only while they are wanted. Kept inside when absent.
   */
  listWanted?: boolean;
  onListWantedChange?: (wanted: boolean) => void;
}

/**
 * The house's combobox behaviour on Downshift's useCombobox (the WAI-ARIA 1.2 combobox pattern: listbox popup,
 * aria-activedescendant, the field keeps focus). Typing or focusing opens the list while the text offers options;
 * Arrow Down / Up move through them and wrap; Enter picks the active option (with none active it does nothing here, so
 * a surrounding form submits); Escape closes the list, and on a closed list empties the text; leaving the field never
 * picks. Options are picked on click, and pressing one does not blur the field.
 * @returns Downshift's prop getters, and `open` / `highlightedIndex` as rendered.
 */
export function useListCombobox<T>({
  items,
  itemToString,
  inputValue,
  onInputValue,
  onPick,
  afterPick,
  autoHighlight = false,
  onEscapeClear,
  listWanted,
  onListWantedChange,
}: ListComboboxOptions<T>) {
  const [wantedInside, setWantedInside] = useState(false);
  const wanted = listWanted ?? wantedInside;
  const setWanted = (next: boolean) => {
    setWantedInside(next);
    onListWantedChange?.(next);
  };
  const [highlighted, setHighlighted] = useState(-1);
  const open = wanted && inputValue.trim() !== '' && items.length > 0;
  // Controlled for the lifetime of an auto-highlighting field (Downshift warns on a switch): -1 while nothing is offered.
  const active = autoHighlight
    ? items.length > 0
      ? Math.min(Math.max(highlighted, 0), items.length - 1)
      : -1
    : undefined;

  const stateReducer = useCallback(
    (state: UseComboboxState<T>, { type, changes }: UseComboboxStateChangeOptions<T>): Partial<UseComboboxState<T>> => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        case useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem:
          // The selection is held at none (a pick is an action, not a value): Downshift's reset of the text when the
          // held selection differs from its own must not empty what the user types next.
          return { ...changes, inputValue: state.inputValue };
        case useCombobox.stateChangeTypes.InputClick:
          // A click into the field opens the list; it never toggles it shut.
          return { ...changes, isOpen: true };
        case useCombobox.stateChangeTypes.ItemClick:
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
          return { ...changes, inputValue: afterPick === 'clear' && changes.selectedItem ? '' : state.inputValue };
        default:
          return changes;
      }
    },
    [afterPick],
  );

  const combobox = useCombobox<T>({
    items: items as T[],
    itemToString,
    inputValue,
    isOpen: open,
    selectedItem: null,
    ...(active !== undefined ? { highlightedIndex: active } : {}),
    stateReducer,
    onIsOpenChange: ({ isOpen }) => setWanted(isOpen ?? false),
    onHighlightedIndexChange: ({ highlightedIndex }) => setHighlighted(highlightedIndex ?? -1),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem != null) onPick(selectedItem);
    },
    onInputValueChange: ({ type, inputValue: text }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) return; // already passed on by the field's onChange
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape && onEscapeClear) onEscapeClear();
      else onInputValue(text ?? '');
    },
  });

  type InputProps = NonNullable<Parameters<typeof combobox.getInputProps>[0]>;
  /**
   * Downshift's input props, plus: the text reaches the caller in the change event; focus opens the list, blur closes
   * it; Enter with no active option is left to the form.
   */
  const getInputProps = (props: InputProps = {}, options?: Parameters<typeof combobox.getInputProps>[1]) =>
    combobox.getInputProps(
      {
        ...props,
        onFocus: (event: FocusEvent<HTMLInputElement>) => {
          props.onFocus?.(event);
          setWanted(true);
        },
        // The text goes to the caller at once, not from Downshift's after-render callback: a controlled field would
        // otherwise show the old text for a render, and text replayed while the page hydrates would be lost.
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          props.onChange?.(event);
          onInputValue(event.target.value);
          setWanted(true);
        },
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          props.onBlur?.(event);
          // An open list is Downshift's to close (it knows a press inside the list); a closed one stops being wanted.
          if (!open) setWanted(false);
        },
        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
          props.onKeyDown?.(event);
          if (event.key === 'Enter' && combobox.highlightedIndex < 0) {
            (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
          }
        },
      },
      options,
    );

  return {
    ...combobox,
    getInputProps,
    open,
    /** Closes the list: a search that submits does this. */
    closeList: () => setWanted(false),
  };
}
