import { useId } from 'react';
import { RETURN_MESSAGE_LIMIT } from '@fleetdeck/shared/device-actions';
import type { ReturnMessageView, UnitReturnMessage } from '@fleetdeck/shared/device-contract';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../format.ts';
import { returnMessageChoices, type ReturnMessageChoice } from '../return-message-choice.ts';

/**
 * The Disable dialog's "What the device will show": the unit's return message and where it is
 * set, and for owners and admins the choice to keep it, change it for the unit, or (where the
 * unit sets its own) go back to the parent unit's message, previewed before anything is saved.
 */

export interface ReturnMessageSectionProps {
  readonly view: ReturnMessageView | undefined;
  readonly loading: boolean;
  readonly loadError: string | null;
  readonly choice: ReturnMessageChoice;
  readonly message: string;
  readonly problem: string | null;
  readonly onChoice: (choice: ReturnMessageChoice) => void;
  readonly onMessage: (message: string) => void;
}

export function ReturnMessageSection(props: ReturnMessageSectionProps) {
  const { view } = props;
  const choices = returnMessageChoices(view);
  return (
    <section aria-label="Return message" className="flex flex-col gap-2" data-testid="return-message">
      <h3 className="text-sm font-medium">What the device will show</h3>
      {props.loading ? <Skeleton className="h-16 w-full" /> : null}
      {props.loadError ? (
        <FormMessage>
          Fleetdeck could not read the return message: {props.loadError} You can still disable the device.
        </FormMessage>
      ) : null}
      {view ? <CurrentMessage view={view} /> : null}
      {view && choices.length > 0 ? <MessageChoices {...props} view={view} choices={choices} /> : null}
      {view && view.state !== 'unavailable' && !view.canEdit ? (
        <p className="text-xs text-muted-foreground">
          Only owners and admins can change this message: it is a policy of {view.orgUnit.path}.
        </p>
      ) : null}
    </section>
  );
}

function CurrentMessage({ view }: { view: ReturnMessageView }) {
  if (view.state === 'unavailable') {
    return (
      <p
        role="status"
        className="rounded-md bg-warning-subtle px-3 py-2 text-sm text-warning-subtle-foreground"
        data-testid="return-message-state"
      >
        Fleetdeck could not read this device&apos;s return message from Google: {view.error} You can still
        disable the device; it shows whatever its unit&apos;s policy sets.
      </p>
    );
  }
  if (view.state === 'not_set') {
    return (
      <p className="text-sm text-muted-foreground" data-testid="return-message-state">
        Not set: the device shows Google&apos;s default disabled-device screen.
      </p>
    );
  }
  const source = view.source;
  return (
    <>
      <Quote testId="return-message-text">{view.message}</Quote>
      <p className="text-xs text-muted-foreground" data-testid="return-message-source">
        {source === null
          ? 'Set by Google for the whole organization.'
          : source.direct
            ? `Set on ${source.path}, this device's unit.`
            : `Set on ${source.path}; ${view.orgUnit.path} inherits it.`}
      </p>
    </>
  );
}

function Quote({ children, testId }: { children: string | null; testId: string }) {
  return (
    <blockquote
      className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap text-muted-foreground"
      data-testid={testId}
    >
      {children}
    </blockquote>
  );
}

const CHOICE_LABELS: Record<ReturnMessageChoice, (unit: string) => string> = {
  keep: () => 'Keep this message',
  change: (unit) => `Change the message for ${unit}`,
  inherit: () => "Use the parent unit's message",
};

function MessageChoices(
  props: ReturnMessageSectionProps & { view: ReturnMessageView; choices: ReturnMessageChoice[] },
) {
  const unit = props.view.orgUnit.path;
  const name = useId();
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-label={`Return message of ${unit}`} className="mt-1 flex flex-col gap-1">
        {props.choices.map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice}
              className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
              checked={props.choice === choice}
              onChange={() => props.onChoice(choice)}
            />
            <span className="min-w-0 break-words">
              {CHOICE_LABELS[choice](unit)}
              {choice === 'inherit' && props.view.parent ? (
                <span className="text-muted-foreground"> ({props.view.parent.orgUnitPath})</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {props.choice === 'change' ? <MessageEditor {...props} /> : null}
      {props.choice === 'inherit' && props.view.parent ? (
        <ParentPreview unit={unit} parent={props.view.parent} />
      ) : null}
    </div>
  );
}

function MessageEditor(props: ReturnMessageSectionProps & { view: ReturnMessageView }) {
  const id = useId();
  const unit = props.view.orgUnit.path;
  const length = props.message.trim().length;
  const tooLong = length > RETURN_MESSAGE_LIMIT;
  const source = props.view.source;
  const inheritedFrom = source && !source.direct ? source.path : null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="min-w-0 text-sm font-medium break-words">
          New return message for {unit}
        </label>
        <span
          className={cn(
            'shrink-0 text-xs whitespace-nowrap tabular-nums',
            tooLong ? 'font-medium text-danger' : 'text-muted-foreground',
          )}
          data-testid="return-message-count"
        >
          {formatCount(length)} / {formatCount(RETURN_MESSAGE_LIMIT)}
        </span>
      </div>
      <Textarea
        id={id}
        value={props.message}
        rows={3}
        aria-invalid={props.problem ? true : undefined}
        onChange={(event) => props.onMessage(event.target.value)}
      />
      <p className="text-xs text-muted-foreground" data-testid="return-message-blast-radius">
        Saved as the policy of {unit}: every disabled device in {unit} and in the units inheriting from it
        shows this message, not only this device.
        {inheritedFrom ? ` ${unit} will no longer follow ${inheritedFrom}'s message.` : ''} It is saved first;
        if Google refuses it, nothing is disabled.
      </p>
      {props.problem ? <p className="text-xs font-medium text-danger">{props.problem}</p> : null}
    </div>
  );
}

/** What the device shows once its unit follows its parent: the parent's effective message. */
function ParentPreview({ unit, parent }: { unit: string; parent: UnitReturnMessage }) {
  const from = parent.sourcePath && parent.sourcePath !== parent.orgUnitPath ? parent.sourcePath : null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="return-message-parent">
      {parent.state === 'set' ? (
        <>
          <p className="text-sm font-medium">
            The device will then show the message of {parent.orgUnitPath}
            {from ? ` (set on ${from})` : ''}:
          </p>
          <Quote testId="return-message-parent-text">{parent.message}</Quote>
        </>
      ) : parent.state === 'not_set' ? (
        <p className="text-sm font-medium" data-testid="return-message-parent-text">
          No unit above sets a message: the device will then show Google&apos;s default disabled-device
          screen.
        </p>
      ) : (
        <p
          role="status"
          className="rounded-md bg-warning-subtle px-3 py-2 text-sm text-warning-subtle-foreground"
          data-testid="return-message-parent-text"
        >
          Fleetdeck could not read the message of {parent.orgUnitPath}: {parent.error} The device will show
          whatever that unit&apos;s policy sets.
        </p>
      )}
      <p className="text-xs text-muted-foreground" data-testid="return-message-blast-radius">
        {unit}&apos;s own message is removed: every disabled device in {unit} and in the units inheriting from
        it shows the message of {parent.orgUnitPath} instead. This is saved first; if Google refuses it,
        nothing is disabled.
      </p>
    </div>
  );
}
