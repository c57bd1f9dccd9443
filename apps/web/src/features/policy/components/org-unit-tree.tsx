import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronRight, FolderTree, Search } from 'lucide-react';
import type { PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { compareOrgUnitNames } from '@fleetdeck/shared/org-unit-order';

interface Row {
  readonly unit: PolicyOrgUnit;
  readonly level: number;
  readonly hasChildren: boolean;
}

function childrenOf(units: readonly PolicyOrgUnit[]): Map<string | null, PolicyOrgUnit[]> {
  const ids = new Set(units.map((unit) => unit.id));
  const map = new Map<string | null, PolicyOrgUnit[]>();
  for (const unit of units) {
    const parent = unit.parentId !== null && ids.has(unit.parentId) ? unit.parentId : null;
    map.set(parent, [...(map.get(parent) ?? []), unit]);
  }
  for (const list of map.values()) list.sort((a, b) => compareOrgUnitNames(a.name, b.name));
  return map;
}

function ancestorsOf(units: readonly PolicyOrgUnit[], id: string | undefined): string[] {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const chain: string[] = [];
  for (let unit = id ? byId.get(id) : undefined; unit?.parentId; unit = byId.get(unit.parentId)) {
    chain.push(unit.parentId);
    if (chain.length > 64) break;
  }
  return chain;
}

/** Which units are open: roots and the selection's ancestors, unless closed by hand. */
function useTreeExpansion(
  units: readonly PolicyOrgUnit[],
  children: Map<string | null, PolicyOrgUnit[]>,
  selectedId: string | undefined,
) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const expanded = useMemo(() => {
    const roots = (children.get(null) ?? []).map((unit) => unit.id);
    const open = new Set([...roots, ...ancestorsOf(units, selectedId), ...opened]);
    for (const id of closed) open.delete(id);
    return open;
  }, [children, units, selectedId, opened, closed]);
  const toggle = (id: string, open: boolean) => {
    const add = (set: ReadonlySet<string>) => new Set([...set, id]);
    const remove = (set: ReadonlySet<string>) => new Set([...set].filter((item) => item !== id));
    setOpened(open ? add : remove);
    setClosed(open ? remove : add);
  };
  return { expanded, toggle };
}

/** The rows on screen: matching paths while searching, else the open part of the tree. */
function visibleRows(
  units: readonly PolicyOrgUnit[],
  children: Map<string | null, PolicyOrgUnit[]>,
  expanded: ReadonlySet<string>,
  query: string,
): Row[] {
  const needle = query.trim().toLowerCase();
  if (needle !== '') {
    return units
      .filter((unit) => unit.path.toLowerCase().includes(needle) || unit.name.toLowerCase().includes(needle))
      .slice(0, 200)
      .map((unit) => ({ unit, level: 1, hasChildren: false }));
  }
  const out: Row[] = [];
  const walk = (parent: string | null, level: number) => {
    for (const unit of children.get(parent) ?? []) {
      const hasChildren = (children.get(unit.id)?.length ?? 0) > 0;
      out.push({ unit, level, hasChildren });
      if (hasChildren && expanded.has(unit.id)) walk(unit.id, level + 1);
    }
  };
  walk(null, 1);
  return out;
}

interface TreeKeyContext {
  readonly rows: readonly Row[];
  readonly focusable: string | undefined;
  readonly expanded: ReadonlySet<string>;
  readonly toggle: (id: string, open: boolean) => void;
  readonly move: (id: string | undefined) => void;
  readonly onSelect: (unit: PolicyOrgUnit) => void;
}

/** The ARIA tree keys: arrows move, Right/Left open and close, Home/End jump, Enter or Space picks. */
function onTreeKey(event: KeyboardEvent<HTMLUListElement>, tree: TreeKeyContext) {
  const { rows, expanded, toggle, move } = tree;
  const index = rows.findIndex((row) => row.unit.id === tree.focusable);
  const row = rows[index];
  if (!row) return;
  const handled = () => event.preventDefault();
  switch (event.key) {
    case 'ArrowDown':
      handled();
      move(rows[Math.min(rows.length - 1, index + 1)]?.unit.id);
      break;
    case 'ArrowUp':
      handled();
      move(rows[Math.max(0, index - 1)]?.unit.id);
      break;
    case 'Home':
      handled();
      move(rows[0]?.unit.id);
      break;
    case 'End':
      handled();
      move(rows.at(-1)?.unit.id);
      break;
    case 'ArrowRight':
      handled();
      if (row.hasChildren && !expanded.has(row.unit.id)) toggle(row.unit.id, true);
      else if (row.hasChildren) move(rows[index + 1]?.unit.id);
      break;
    case 'ArrowLeft':
      handled();
      if (row.hasChildren && expanded.has(row.unit.id)) toggle(row.unit.id, false);
      else move(row.unit.parentId ?? undefined);
      break;
    case 'Enter':
    case ' ':
      handled();
      tree.onSelect(row.unit);
      break;
    default:
  }
}

/** The search box above the tree. */
function TreeSearch({
  label,
  query,
  onQuery,
}: {
  label: string;
  query: string;
  onQuery: (query: string) => void;
}) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={`Search ${label.toLowerCase()}`}
        placeholder="Search units"
        className="pl-9"
        value={query}
        maxLength={200}
        onChange={(event) => onQuery(event.target.value)}
      />
    </div>
  );
}

/** One unit of the tree: its chevron toggles, a click picks it; while searching it shows its path. */
function TreeItem({
  row: { unit, level, hasChildren },
  selected,
  open,
  focusable,
  searching,
  itemRef,
  onPick,
  onFocus,
  onToggle,
}: {
  row: Row;
  selected: boolean;
  open: boolean;
  focusable: boolean;
  searching: boolean;
  itemRef: (element: HTMLLIElement | null) => void;
  onPick: () => void;
  onFocus: () => void;
  onToggle: () => void;
}) {
  return (
    <li
      ref={itemRef}
      role="treeitem"
      aria-level={level}
      aria-selected={selected}
      aria-expanded={hasChildren ? open : undefined}
      tabIndex={focusable ? 0 : -1}
      title={unit.path}
      onClick={onPick}
      onFocus={onFocus}
      className={cn(
        'flex cursor-pointer items-center gap-1 rounded px-2 py-1.5 text-sm outline-none select-none hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        selected && 'bg-accent-subtle font-medium text-accent-subtle-foreground hover:bg-accent-subtle',
      )}
      style={{ paddingLeft: `${0.25 + (level - 1) * 1}rem` }}
    >
      {hasChildren ? (
        <ChevronRight
          aria-hidden="true"
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-90')}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        />
      ) : (
        <span className="size-4 shrink-0" aria-hidden="true" />
      )}
      {searching ? (
        <span className="truncate">{unit.path}</span>
      ) : (
        <>
          {level === 1 ? <FolderTree className="size-4 shrink-0" aria-hidden="true" /> : null}
          <span className="truncate">{unit.path === '/' ? `${unit.name} (/)` : unit.name}</span>
        </>
      )}
    </li>
  );
}

/**
 * The OU tree as an ARIA tree: arrows move, Right/Left open and close, Enter picks, and typing in
 * the search box narrows it to matching paths. Why: a district has hundreds of OUs.
 */
export function OrgUnitTree({
  units,
  selectedId,
  onSelect,
  label = 'Organizational units',
}: {
  units: readonly PolicyOrgUnit[];
  selectedId: string | undefined;
  onSelect: (unit: PolicyOrgUnit) => void;
  label?: string;
}) {
  const [query, setQuery] = useState('');
  const children = useMemo(() => childrenOf(units), [units]);
  const { expanded, toggle } = useTreeExpansion(units, children, selectedId);
  const [activeId, setActiveId] = useState<string | undefined>(selectedId);
  const items = useRef(new Map<string, HTMLLIElement>());
  const rows = useMemo(
    () => visibleRows(units, children, expanded, query),
    [children, expanded, query, units],
  );
  const focusable = rows.some((row) => row.unit.id === activeId) ? activeId : rows[0]?.unit.id;
  const move = (id: string | undefined) => {
    if (!id) return;
    setActiveId(id);
    items.current.get(id)?.focus();
  };

  return (
    <div className="flex flex-col gap-2">
      <TreeSearch label={label} query={query} onQuery={setQuery} />
      {rows.length === 0 ? (
        <p className="px-1 py-3 text-sm text-muted-foreground">No unit matches “{query}”.</p>
      ) : (
        <ul
          role="tree"
          aria-label={label}
          className="max-h-[26rem] overflow-auto rounded-md border border-border p-1"
          onKeyDown={(event) => onTreeKey(event, { rows, focusable, expanded, toggle, move, onSelect })}
        >
          {rows.map((row) => (
            <TreeItem
              key={row.unit.id}
              row={row}
              selected={row.unit.id === selectedId}
              open={expanded.has(row.unit.id)}
              focusable={row.unit.id === focusable}
              searching={query.trim() !== ''}
              itemRef={(element) => {
                if (element) items.current.set(row.unit.id, element);
                else items.current.delete(row.unit.id);
              }}
              onPick={() => {
                setActiveId(row.unit.id);
                onSelect(row.unit);
              }}
              onFocus={() => setActiveId(row.unit.id)}
              onToggle={() => toggle(row.unit.id, !expanded.has(row.unit.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
