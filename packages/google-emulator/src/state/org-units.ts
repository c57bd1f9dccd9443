/**
 * The customer's organizational-unit tree, shared by the Directory routes (which show ids with the
 * `id:` prefix) and the Chrome Policy plugin (which wants bare ids). Devices refer to an OU by its
 * slot number, which never changes, so renaming or moving an OU never touches the device table.
 */

/** What other emulator plugins (Chrome Policy) need to know about an OU. The id has no `id:` prefix. */
export interface EmulatorOrgUnit {
  orgUnitId: string;
  orgUnitPath: string;
  parentOrgUnitId?: string;
  name: string;
}

/** One OU as the emulator stores it. */
export interface OrgUnitRecord extends EmulatorOrgUnit {
  /** Stable slot in the tree; devices store this number. */
  readonly slot: number;
  description?: string;
  /** Bumped on every change; part of the etag. */
  version: number;
}

/** Google's documented OU limits. */
export const ORG_UNIT_LIMITS = { maxDepth: 35, maxCount: 40_000 } as const;

export class OrgUnitTree {
  readonly #slots: (OrgUnitRecord | undefined)[] = [];
  readonly #byId = new Map<string, OrgUnitRecord>();
  readonly #byPath = new Map<string, OrgUnitRecord>();
  #cachedList: readonly EmulatorOrgUnit[] | undefined;

  /** Adds an OU under `parent` (undefined for the root). Paths are derived, never given. */
  add(input: {
    orgUnitId: string;
    name: string;
    parent?: OrgUnitRecord;
    description?: string;
  }): OrgUnitRecord {
    const orgUnitPath = input.parent ? joinPath(input.parent.orgUnitPath, input.name) : '/';
    const record: OrgUnitRecord = {
      slot: this.#slots.length,
      orgUnitId: input.orgUnitId,
      orgUnitPath,
      name: input.name,
      version: 1,
      ...(input.parent ? { parentOrgUnitId: input.parent.orgUnitId } : {}),
      ...(input.description ? { description: input.description } : {}),
    };
    this.#slots.push(record);
    this.#index(record);
    return record;
  }

  get root(): OrgUnitRecord {
    const root = this.#slots[0];
    if (!root) throw new Error('the OU tree has no root');
    return root;
  }

  get size(): number {
    return this.#byId.size;
  }

  bySlot(slot: number): OrgUnitRecord {
    const record = this.#slots[slot];
    if (!record) throw new Error(`no OU in slot ${slot}`);
    return record;
  }

  /** Bare id, or `id:`-prefixed id. */
  byId(id: string): OrgUnitRecord | undefined {
    return this.#byId.get(id.startsWith('id:') ? id.slice(3) : id);
  }

  /** Case-insensitive path, with or without the leading slash. */
  byPath(path: string): OrgUnitRecord | undefined {
    return this.#byPath.get(normalizePath(path));
  }

  /** How Directory parameters name an OU: a path (leading slash optional) or an `id:` id. */
  resolve(pathOrId: string): OrgUnitRecord | undefined {
    if (pathOrId.startsWith('id:')) return this.byId(pathOrId);
    return this.byPath(pathOrId) ?? this.#byId.get(pathOrId);
  }

  parentOf(record: OrgUnitRecord): OrgUnitRecord | undefined {
    return record.parentOrgUnitId === undefined ? undefined : this.#byId.get(record.parentOrgUnitId);
  }

  children(record: OrgUnitRecord): OrgUnitRecord[] {
    return this.all().filter((ou) => ou.parentOrgUnitId === record.orgUnitId);
  }

  /** Every OU below `record`, parents before children. */
  descendants(record: OrgUnitRecord): OrgUnitRecord[] {
    const prefix = record.orgUnitPath === '/' ? '/' : `${record.orgUnitPath.toLowerCase()}/`;
    return this.all().filter((ou) => ou !== record && ou.orgUnitPath.toLowerCase().startsWith(prefix));
  }

  /** A membership mask over slots: `record` and, when asked, everything below it. */
  slotMask(record: OrgUnitRecord, includeChildren: boolean): Uint8Array {
    const mask = new Uint8Array(this.#slots.length);
    mask[record.slot] = 1;
    if (includeChildren) for (const ou of this.descendants(record)) mask[ou.slot] = 1;
    return mask;
  }

  depth(record: OrgUnitRecord): number {
    return record.orgUnitPath === '/' ? 0 : record.orgUnitPath.split('/').length - 1;
  }

  /** Live OUs in slot order (root first, parents before the children they were created with). */
  all(): OrgUnitRecord[] {
    return this.#slots.filter((ou): ou is OrgUnitRecord => ou !== undefined);
  }

  /** The plain view handed to other plugins; rebuilt only after a change. */
  list(): readonly EmulatorOrgUnit[] {
    this.#cachedList ??= this.all().map((ou) => ({
      orgUnitId: ou.orgUnitId,
      orgUnitPath: ou.orgUnitPath,
      name: ou.name,
      ...(ou.parentOrgUnitId === undefined ? {} : { parentOrgUnitId: ou.parentOrgUnitId }),
    }));
    return this.#cachedList;
  }

  /** Renames and/or re-parents an OU; every descendant's path follows. */
  update(
    record: OrgUnitRecord,
    change: { name?: string; parent?: OrgUnitRecord; description?: string },
  ): void {
    const moved = [record, ...this.descendants(record)];
    for (const ou of moved) this.#byPath.delete(normalizePath(ou.orgUnitPath));
    const oldPath = record.orgUnitPath;
    if (change.name !== undefined) record.name = change.name;
    if (change.parent) record.parentOrgUnitId = change.parent.orgUnitId;
    if (change.description !== undefined) record.description = change.description;
    const parent = this.parentOf(record);
    record.orgUnitPath = parent ? joinPath(parent.orgUnitPath, record.name) : '/';
    for (const ou of moved) {
      if (ou !== record) ou.orgUnitPath = record.orgUnitPath + ou.orgUnitPath.slice(oldPath.length);
      ou.version += 1;
      this.#byPath.set(normalizePath(ou.orgUnitPath), ou);
    }
    this.#cachedList = undefined;
  }

  remove(record: OrgUnitRecord): void {
    this.#slots[record.slot] = undefined;
    this.#byId.delete(record.orgUnitId);
    this.#byPath.delete(normalizePath(record.orgUnitPath));
    this.#cachedList = undefined;
  }

  #index(record: OrgUnitRecord): void {
    this.#byId.set(record.orgUnitId, record);
    this.#byPath.set(normalizePath(record.orgUnitPath), record);
    this.#cachedList = undefined;
  }
}

function joinPath(parentPath: string, name: string): string {
  return parentPath === '/' ? `/${name}` : `${parentPath}/${name}`;
}

/** Paths compare case-insensitively, and Google accepts them with or without the leading slash. */
export function normalizePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.toLowerCase() || '/';
}
