import { useState, type ComponentProps, type SubmitEvent } from 'react';
import { findUnsafeField } from '../../lib/unsafe-field.ts';
import { FormMessage } from './form-message.tsx';

/**
 * A `<SafeTextForm>` that sends nothing while one of its text fields holds a character Fleetdeck refuses
 * (a control character, NUL, a lone surrogate): it says which field and why, and puts the cursor
 * there. The server refuses the same values (400), so this only saves the round trip and the
 * member's guesswork.
 */
export function SafeTextForm({ onSubmit, onInput, children, ...props }: ComponentProps<'form'>) {
  const [problem, setProblem] = useState<string>();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    const unsafe = findUnsafeField(event.currentTarget);
    if (unsafe) {
      event.preventDefault();
      setProblem(unsafe.message);
      unsafe.field.focus();
      return;
    }
    setProblem(undefined);
    onSubmit?.(event);
  };
  return (
    <form
      {...props}
      onSubmit={submit}
      onInput={(event) => {
        if (problem && !findUnsafeField(event.currentTarget)) setProblem(undefined);
        onInput?.(event);
      }}
    >
      {children}
      {problem ? <FormMessage>{problem}</FormMessage> : null}
    </form>
  );
}
