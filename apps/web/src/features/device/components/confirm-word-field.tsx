import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';

/** Actions that cannot be undone (erasing commands, deprovision): the serial number or the device's word typed to confirm. */
export function ConfirmWordField({
  word,
  typed,
  onTyped,
}: {
  word: string;
  typed: string;
  onTyped: (typed: string) => void;
}) {
  const typedId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={typedId} className="text-sm font-medium">
        Type <span className="font-mono">{word}</span> to confirm
      </label>
      <Input
        id={typedId}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onTyped(event.target.value)}
      />
    </div>
  );
}
