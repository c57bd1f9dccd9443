import { HELP_GROUPS, helpGroups } from '@fleetdeck/shared/device-query-groups';
import { CELL, HelpSection, HelpTable } from './help-section.tsx';

const RULES: readonly [string, string][] = [
  ['status:ACTIVE stale:90d', 'Terms separated by spaces must all hold.'],
  ['-boot_mode:dev', 'A minus in front leaves out what the term matches.'],
  ['battery:replace_soon,replace_now', 'Values separated by commas: either one.'],
  ['user:"tom sawyer"', 'Quotes keep words together.'],
  [
    'sync:..2026-01-01   storage_free:..10%',
    'Two dots give a range (from..to); either end may be left open.',
  ],
  ['aue:<12m   active:7d', 'Relative times: days (d), weeks (w), months (m), years (y).'],
  ['5CD12', 'A word with no operator searches serial, asset ID, user, location, notes and model.'],
];

const EXAMPLES: readonly [string, string][] = [
  ['status:ACTIVE stale:90d', 'Devices in service that have not synced for 90 days (“ghosts”)'],
  [
    'ou:"/Adams Elementary School" aue:<12m',
    'An organizational unit and the units below it, updates ending within 12 months',
  ],
  ['battery:replace_soon,replace_now', 'Batteries Google flags for replacement'],
  ['storage_free:..10% -boot_mode:dev', 'Under 10 % free storage, not in developer mode'],
  ['serial:5CD1234XYZ', 'Exactly this serial number (id: matches part of one, as Google does)'],
];

/** The fleet table's query language, read from the same operator catalog the search box checks against. */
export function QueryLanguageSection() {
  const groups = helpGroups('');
  return (
    <HelpSection
      id="finding-devices"
      title="Finding devices: the query language"
      intro={
        <>
          The search box of <strong className="text-foreground">Fleet status</strong> speaks Google’s device
          search operators plus a few of Fleetdeck’s own. A mistake is named with its position as you type,
          and nothing runs until the query is right. <kbd>/</kbd> jumps to the search box; the{' '}
          <strong className="text-foreground">?</strong> button beside it lists the operators too.
        </>
      }
    >
      <HelpTable caption="How a query is written" head={['Example', 'Meaning']}>
        {RULES.map(([example, meaning]) => (
          <tr key={example}>
            <td className={`${CELL} font-mono text-[0.8125rem] whitespace-pre-wrap`}>{example}</td>
            <td className={CELL}>{meaning}</td>
          </tr>
        ))}
      </HelpTable>
      <HelpTable caption="Queries admins use" head={['Query', 'Finds']}>
        {EXAMPLES.map(([query, finds]) => (
          <tr key={query}>
            <td className={`${CELL} font-mono text-[0.8125rem] break-all`}>{query}</td>
            <td className={CELL}>{finds}</td>
          </tr>
        ))}
      </HelpTable>
      {groups.map((group) => (
        <HelpTable
          key={group.title}
          caption={`Operators: ${group.title.toLowerCase()}`}
          head={['Operator', 'Value', 'Matches', 'From']}
          wide
        >
          {group.operators.map((operator) => (
            <tr key={operator.name} data-testid="help-operator">
              <td className={`${CELL} font-mono text-[0.8125rem] whitespace-nowrap`}>
                {operator.name}:
                {operator.aliases.length > 0 ? (
                  <div className="font-sans text-xs text-muted-foreground">
                    also {operator.aliases.join(', ')}
                  </div>
                ) : null}
              </td>
              <td className={`${CELL} font-mono text-[0.8125rem]`}>{operator.hint}</td>
              <td className={CELL}>{operator.description}</td>
              <td className={`${CELL} text-xs text-muted-foreground`}>
                {operator.google ? 'Google' : 'Fleetdeck'}
              </td>
            </tr>
          ))}
        </HelpTable>
      ))}
      <p className="max-w-3xl text-sm" data-testid="help-operator-count">
        {HELP_GROUPS.reduce((sum, group) => sum + group.names.length, 0)} operators in all.{' '}
        <strong>Paste a list</strong> (beside the search) matches serial numbers or asset IDs exactly, one per
        line or a CSV column, and shows no match, one or several for each line before anything can act on
        them. A line with no match says how many serials begin with it, or which serial is one character off.
      </p>
    </HelpSection>
  );
}
