import { useState, type SyntheticEvent } from 'react';
import { UserRound, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MAX_EMAIL_LENGTH, validUserEmail } from '../view-state.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/**
 * The optional user: with an email, user settings come from the OU of that user's account (looked
 * up in Google's Directory) while device settings stay with the device or the chosen unit. Keyed by
 * the URL's user, so a navigation resets the text.
 */
export function UserField({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (user?: string) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setInvalid(false);
      onChange(undefined);
      return;
    }
    const email = validUserEmail(text);
    setInvalid(email === undefined);
    if (email !== undefined) onChange(email);
  };

  return (
    <SafeTextForm
      aria-label="Debug for a user"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-2"
    >
      <label htmlFor="policy-user" className="text-sm font-medium">
        User <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <div className="flex gap-2">
        <Input
          id="policy-user"
          type="email"
          placeholder="name@school.edu"
          value={text}
          maxLength={MAX_EMAIL_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby="policy-user-help"
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" variant="secondary" aria-label="Use this user">
          <UserRound aria-hidden="true" />
        </Button>
        {value !== undefined ? (
          <Button
            type="button"
            variant="ghost"
            aria-label="Clear user"
            onClick={() => {
              setInvalid(false);
              onChange(undefined);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p id="policy-user-help" className={invalid ? 'text-xs text-danger' : 'text-xs text-muted-foreground'}>
        {invalid
          ? 'Enter the user’s full email address, like name@school.edu.'
          : 'User settings then come from the unit of the user’s account.'}
      </p>
    </SafeTextForm>
  );
}
