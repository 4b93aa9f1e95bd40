import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { MAX_MENU_SECTION_TITLE, type TeamMenu } from '@/shared/schemas/venues';
import { toMenuWrite } from '../api/menu';
import { InlineEditor } from './inline-editor';
import { moveSection, sectionFocusKey, type Arrange, type SectionControl } from '../lib/menu-arrange';

/** What is wrong with a section title, or null. */
function titleProblem(text: string): string | null {
  const title = text.trim();
  if (title === '') return 'Give the section a title.';
  if (title.length > MAX_MENU_SECTION_TITLE) return `Section titles are at most ${MAX_MENU_SECTION_TITLE} characters.`;
  return null;
}

/** A section's title, and for the owner and managers: rename it in place, move it up or down, remove it. */
export function SectionHeader({
  menu,
  sectionIndex,
  canEdit,
  busy,
  arrange,
  focusLater,
  onRemove,
}: {
  menu: TeamMenu;
  sectionIndex: number;
  canEdit: boolean;
  busy: boolean;
  arrange: Arrange;
  focusLater: (keys: string[]) => void;
  onRemove: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const { title } = menu.sections[sectionIndex]!;
  const key = (control: SectionControl) => sectionFocusKey(sectionIndex, control);
  const stopRenaming = () => {
    setRenaming(false);
    focusLater([key('rename')]);
  };
  const move = (to: number) =>
    arrange(moveSection(menu, sectionIndex, to), {
      title: 'Section not moved',
      focus: {
        done: [
          sectionFocusKey(to, to < sectionIndex ? 'up' : 'down'),
          sectionFocusKey(to, to < sectionIndex ? 'down' : 'up'),
        ],
        failed: [key(to < sectionIndex ? 'up' : 'down')],
      },
    });

  if (renaming) {
    return (
      <InlineEditor
        initial={title}
        fieldLabel={`Title of the section ${title}`}
        saveLabel={`Save the title of the section ${title}`}
        cancelLabel={`Cancel renaming the section ${title}`}
        focusKey={key('title-input')}
        fieldClassName="min-w-0 flex-1 basis-48"
        maxLength={MAX_MENU_SECTION_TITLE}
        busy={busy}
        check={titleProblem}
        onCancel={stopRenaming}
        onSave={(text) => {
          if (text.trim() === title) return stopRenaming();
          const next = toMenuWrite(menu);
          next.sections[sectionIndex]!.title = text.trim();
          arrange(next, {
            title: 'Section not renamed',
            focus: { done: [key('rename')], failed: [key('title-input')] },
            onDone: () => setRenaming(false),
          });
        }}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <h3 className="min-w-0 font-display text-lg font-semibold break-words">{title}</h3>
      {canEdit ? (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Rename the section ${title}`}
            data-focus-key={key('rename')}
            disabled={busy}
            onClick={() => {
              setRenaming(true);
              focusLater([key('title-input')]);
            }}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move the section ${title} up`}
            data-focus-key={key('up')}
            disabled={busy || sectionIndex === 0}
            onClick={() => move(sectionIndex - 1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move the section ${title} down`}
            data-focus-key={key('down')}
            disabled={busy || sectionIndex === menu.sections.length - 1}
            onClick={() => move(sectionIndex + 1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove the section ${title}`}
            disabled={busy}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
