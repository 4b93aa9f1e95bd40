// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, matchCount } from './combobox';

const FRUIT = ['Lime', 'Lemon', 'Orange'];

function Harness({ onPick }: { onPick: (value: string) => void }) {
  const [text, setText] = useState('');
  const options = FRUIT.filter((f) => text && f.toLowerCase().startsWith(text.toLowerCase())).map((f) => ({
    key: f,
    label: f,
    value: f,
    content: f,
  }));
  return (
    <Combobox
      label="Fruit"
      text={text}
      onText={setText}
      options={options}
      onPick={onPick}
      emptyText="No fruit"
      statusText={matchCount(options.length)}
    />
  );
}

describe('Combobox', () => {
  it('opens on typing, moves with the arrow keys, picks with Enter and clears the field', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'l');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('2 matches');
    expect(screen.getByRole('option', { name: 'Lime' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const lemon = screen.getByRole('option', { name: 'Lemon' });
    expect(lemon).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', lemon.id);
    await user.keyboard('{ArrowDown}'); // wraps
    expect(screen.getByRole('option', { name: 'Lime' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith('Lemon');
    expect(box).toHaveValue('');
  });

  it('says when nothing matches, and Escape closes the list', async () => {
    const user = userEvent.setup();
    render(<Harness onPick={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    await user.type(box, 'x');
    expect(screen.getByRole('status')).toHaveTextContent('No fruit');
    await user.clear(box);
    await user.type(box, 'o');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the list again for the next pick, by mouse and by fill', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    await user.type(box, 'li');
    await user.click(screen.getByRole('option', { name: 'Lime' }));
    expect(onPick).toHaveBeenLastCalledWith('Lime');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await user.type(box, 'or');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: 'Orange' }));
    expect(onPick).toHaveBeenLastCalledWith('Orange');
  });
});
