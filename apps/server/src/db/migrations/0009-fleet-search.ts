import { sql, type Kysely } from 'kysely';

/**
 * Fleet reads at scale. Free text matched six columns through six trigram indexes OR'ed
 * together, which the planner could not estimate and often answered by scanning a sort index over
 * the whole fleet; one trigram index over the six columns joined (lower case, a newline between
 * them so no match spans two fields) serves free text and each of those fields' partial matches,
 * and replaces their per-column trigram indexes (also lighter for every sync write). An OU + AUE
 * index serves "which devices of this school expire soon" without reading the school's devices,
 * and an index on lower-case OU paths serves `ou:` subtree expansion.
 */

/** Must stay character for character the expression `DEVICE_SEARCH_TEXT` in device-query-terms.ts. */
const SEARCH_EXPRESSION = sql.raw(
  `lower(coalesce(serial_number, '') || E'\\n' || coalesce(annotated_asset_id, '') || E'\\n' || coalesce(annotated_user, '') || E'\\n' || coalesce(annotated_location, '') || E'\\n' || coalesce(notes, '') || E'\\n' || coalesce(model, ''))`,
);

const REPLACED_TRIGRAM = [
  'serial_number',
  'annotated_asset_id',
  'annotated_user',
  'annotated_location',
  'notes',
  'model',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index fleet_device_search_trgm_idx on fleet_device using gin ((${SEARCH_EXPRESSION}) gin_trgm_ops)`.execute(
    db,
  );
  for (const column of REPLACED_TRIGRAM) {
    await sql`drop index if exists ${sql.raw(`fleet_device_${column}_trgm_idx`)}`.execute(db);
  }
  await sql`create index fleet_device_ou_aue_idx on fleet_device (org_id, org_unit_path, aue_date, device_id)`.execute(
    db,
  );
  await sql`create index fleet_org_unit_lower_path_idx on fleet_org_unit (org_id, lower(org_unit_path) text_pattern_ops)`.execute(
    db,
  );
  await sql`analyze fleet_device`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fleet_org_unit_lower_path_idx`.execute(db);
  await sql`drop index if exists fleet_device_ou_aue_idx`.execute(db);
  for (const column of REPLACED_TRIGRAM) {
    await sql`create index ${sql.raw(`fleet_device_${column}_trgm_idx`)} on fleet_device using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`drop index if exists fleet_device_search_trgm_idx`.execute(db);
}
