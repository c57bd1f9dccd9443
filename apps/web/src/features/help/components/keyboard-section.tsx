import { CELL, HelpSection, HelpTable } from './help-section.tsx';

const KEYS: readonly [string, string][] = [
  ['/', 'Go to the search box (Fleet status)'],
  ['Tab', 'From the search box: “Skip to the device table”, then the table'],
  ['↑ ↓  Page Up  Page Down  Home  End', 'Move through the table’s rows'],
  ['Enter', 'Open the device of the active row (its page starts at its heading)'],
  ['Space', 'Select or unselect the active row; Shift+Space or Shift+click selects a range'],
  ['Escape', 'Clear the selection; close a menu, a dialog or the operator list'],
];

/** Keys of the fleet table and the search box: every action is there without a mouse. */
export function KeyboardSection() {
  return (
    <HelpSection
      id="keyboard"
      title="Using the keyboard"
      intro="Every page works without a mouse: menus and dialogs open with Enter or Space, move with the arrow keys and close with Escape, and focus goes back to where it was."
    >
      <HelpTable caption="Keys of the fleet table" head={['Key', 'Does']}>
        {KEYS.map(([key, does]) => (
          <tr key={key}>
            <td className={`${CELL} font-mono text-[0.8125rem] whitespace-pre-wrap`}>{key}</td>
            <td className={CELL}>{does}</td>
          </tr>
        ))}
      </HelpTable>
    </HelpSection>
  );
}
