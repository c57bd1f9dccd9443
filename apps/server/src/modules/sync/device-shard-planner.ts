/**
 * Cuts the OU tree into device-listing shards that never overlap and are about equally large.
 * A shard is either a whole subtree (`tree:`, listed with includeChildOrgunits) or one OU's own
 * devices (`ou:`). Every page that is not full costs a whole round trip, so shards should be few
 * and large: a subtree above the target size is split into its root's own devices plus its child
 * subtrees. Sizes come from the devices of the last sync; on a first sync every OU weighs the same
 * and shards of a single OU are listed first.
 * One OU's own devices cannot be cut by OU, so a large shard may also be listed from its other end
 * (`<key>~desc`, by serial number descending) by a second chain (two-ended-listing.ts).
 */

export interface PlannerOrgUnit {
  readonly orgUnitId: string;
  readonly parentOrgUnitId: string | null;
}

export interface PlannedShard {
  readonly key: string;
  readonly weight: number;
}

export interface DeviceShardSpec {
  readonly orgUnitId: string;
  readonly includeChildren: boolean;
  /** The shard's second chain, listed from the other end. */
  readonly descending: boolean;
}

const DESCENDING_SUFFIX = '~desc';

/** Shards per parallel lane: enough to balance lanes, few enough to keep partial pages rare. */
const SHARDS_PER_LANE = 3;

/** Why: parallel lanes only help when their shards carry similar numbers of full pages. */
export function planDeviceShards(
  units: readonly PlannerOrgUnit[],
  deviceCounts: ReadonlyMap<string, number> | undefined,
  lanes: number,
): PlannedShard[] {
  const ids = new Set(units.map((ou) => ou.orgUnitId));
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const ou of units) {
    const parent = ou.parentOrgUnitId;
    if (parent && ids.has(parent)) children.set(parent, [...(children.get(parent) ?? []), ou.orgUnitId]);
    else roots.push(ou.orgUnitId);
  }
  const own = (id: string) => (deviceCounts ? (deviceCounts.get(id) ?? 0) : 1);
  const subtree = new Map<string, number>();
  const weigh = (id: string): number => {
    const total = own(id) + (children.get(id) ?? []).reduce((sum, child) => sum + weigh(child), 0);
    subtree.set(id, total);
    return total;
  };
  const total = roots.reduce((sum, root) => sum + weigh(root), 0);
  // One lane gains nothing from shards: a single chain has the fewest partial pages.
  const shardCount = lanes <= 1 ? 1 : lanes * SHARDS_PER_LANE;
  const target = Math.max(1, Math.ceil(total / shardCount));
  const shards: PlannedShard[] = [];
  const split = (id: string) => {
    const weight = subtree.get(id) ?? 0;
    const kids = children.get(id) ?? [];
    if (weight <= target || kids.length === 0) {
      shards.push({ key: `tree:${id}`, weight });
      return;
    }
    shards.push({ key: `ou:${id}`, weight: own(id) });
    for (const child of kids) split(child);
  };
  for (const root of roots) split(root);
  // Largest first: lanes pick shards in this order, which balances them greedily. Without device
  // counts, one OU's devices may be none or most of the fleet while a subtree's several OUs even
  // out, so single OUs go first: a large one is found early, while a second chain from its other
  // end can still take half of it, and the subtrees fill the lanes at the end.
  const unknownFirst = (shard: PlannedShard) => (deviceCounts === undefined && shard.weight === 1 ? 0 : 1);
  return shards.sort(
    (a, b) => unknownFirst(a) - unknownFirst(b) || b.weight - a.weight || (a.key < b.key ? -1 : 1),
  );
}

/** Why: checkpoints store the shard key; the device phase turns it back into a listing. */
export function parseDeviceShard(key: string): DeviceShardSpec {
  const base = baseShard(key);
  const descending = base !== key;
  if (base.startsWith('tree:')) return { orgUnitId: base.slice(5), includeChildren: true, descending };
  if (base.startsWith('ou:')) return { orgUnitId: base.slice(3), includeChildren: false, descending };
  throw new Error(`Unknown device shard ${key}`);
}

/** Why: the checkpoint key of a shard's second chain, listed from the other end. */
export function descendingShard(key: string): string {
  return `${key}${DESCENDING_SUFFIX}`;
}

/** Why: a resumed run pairs each second chain's checkpoint with its shard's. */
export function baseShard(key: string): string {
  return key.endsWith(DESCENDING_SUFFIX) ? key.slice(0, -DESCENDING_SUFFIX.length) : key;
}
