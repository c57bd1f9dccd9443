// @vitest-environment jsdom
import { useRef } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/render-page.tsx';
import { QueryBox } from './query-box.tsx';

function SearchBox(props: {
  onCommit: (query: string) => void;
  onValidityChange?: (valid: boolean) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <QueryBox
      value=""
      onCommit={props.onCommit}
      onValidityChange={props.onValidityChange ?? (() => undefined)}
      inputRef={inputRef}
    />
  );
}

const searchBox = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search devices' });

afterEach(() => {
  vi.useRealTimers();
});

describe('the query box', () => {
  it('offers the values of an operator once its colon is typed, and takes the one chosen', async () => {
    const user = userEvent.setup();
    render(<SearchBox onCommit={vi.fn()} />);

    await user.type(searchBox(), 'status:');

    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    const labels = within(list)
      .getAllByRole('option')
      .map((option) => option.firstElementChild?.textContent);
    expect(labels).toEqual(expect.arrayContaining(['ACTIVE', 'DEPROVISIONED', 'DISABLED']));
    expect(searchBox().getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(searchBox().value).toBe(`status:${labels[1] ?? ''}`);
  });

  it('names a mistake and its position, marks the bad part and runs nothing', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    const onValidityChange = vi.fn();
    render(<SearchBox onCommit={onCommit} onValidityChange={onValidityChange} />);

    await user.type(searchBox(), 'status:ACTIVE stauts:x');

    const errors = screen.getByRole('alert');
    expect(errors.textContent).toContain('Unknown operator "stauts" at position 14. Did you mean "status"?');
    expect(within(errors).getByText('stauts').tagName).toBe('MARK');
    expect(searchBox().getAttribute('aria-invalid')).toBe('true');
    expect(searchBox().getAttribute('aria-describedby')).toBe(errors.id);
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onCommit).not.toHaveBeenCalledWith('status:ACTIVE stauts:x');
  });

  it('applies a valid query at once on Enter, without waiting for the pause in typing', () => {
    // Typed in one go and the clock held: only Enter can commit before the typing pause ends.
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(<SearchBox onCommit={onCommit} />);

    fireEvent.change(searchBox(), { target: { value: '5CD2041X' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onCommit).not.toHaveBeenCalled();

    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('5CD2041X');
  });
});
