// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

function Harness({ start = null }: { start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return <RatingStars label="Your rating" value={value} onChange={setValue} />;
}

describe('RatingStars', () => {
  it('moves in half stars with the arrow keys, Home and End, and clears with Delete', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Your rating' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '0.5 of 5 stars');
    await user.keyboard('{ArrowRight}{ArrowUp}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '2');
    await user.keyboard('{End}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', '4.5 of 5 stars');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0.5');
    await user.keyboard('{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');
    await user.keyboard('{End}{Delete}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');
  });

  it('reads as an image with its value when it cannot be changed', () => {
    render(<RatingStars label="Rating" value={3.5} />);
    expect(screen.getByRole('img', { name: 'Rating: 3.5 of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
