import { sql, type Kysely } from 'kysely';

/**
 * Each organization's devices can live in a partition of their own. A first copy of a fleet is
 * loaded into a table with only its primary key and attached as the organization's partition once
 * complete, so PostgreSQL builds the other indexes by sorting (about a tenth of a second per index
 * at 100,000 devices) instead of maintaining nineteen of them row by row (the bulk of a first
 * sync's database time). Rows written any other way (and every organization copied before this
 * migration) stay in the default partition, which is the table as it was: renamed, attached, its
 * indexes adopted by the partitioned ones without a rebuild.
 *
 * The trigram index on `recent_user` goes: the only query on that column compares `lower()` of it,
 * which that index cannot serve.
 */

const SHARED = 'fleet_device_shared';

interface IndexRow {
  name: string;
  definition: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fleet_device_recent_user_trgm_idx`.execute(db);
  await sql`alter table fleet_device rename to ${sql.raw(SHARED)}`.execute(db);
  const indexes = await sql<IndexRow>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${SHARED}::regclass and not i.indisprimary`.execute(db);
  for (const index of indexes.rows) {
    await sql`alter index ${sql.ref(index.name)} rename to ${sql.ref(`${index.name}_shared`)}`.execute(db);
  }
  await sql`alter table ${sql.raw(SHARED)} rename constraint fleet_device_pkey to fleet_device_shared_pkey`.execute(
    db,
  );
  await sql`
    create table fleet_device (like ${sql.raw(SHARED)} including defaults including storage including constraints)
    partition by list (org_id)`.execute(db);
  await sql`alter table fleet_device add primary key (org_id, device_id)`.execute(db);
  await sql`alter table fleet_device attach partition ${sql.raw(SHARED)} default`.execute(db);
  // The same definitions on the partitioned table: each adopts the default partition's index.
  for (const index of indexes.rows) {
    const definition = index.definition.replace(
      /^CREATE (UNIQUE )?INDEX \S+ ON (?:public\.)?fleet_device_shared /,
      (_match, unique: string | undefined) => `CREATE ${unique ?? ''}INDEX ${index.name} ON fleet_device `,
    );
    if (definition === index.definition) throw new Error(`unexpected index definition: ${index.definition}`);
    await sql.raw(definition).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one table: the organizations' partitions are folded into the default one.
  const partitions = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'fleet_device'::regclass and c.relname <> ${SHARED}`.execute(db);
  for (const partition of partitions.rows) {
    await sql`alter table fleet_device detach partition ${sql.ref(partition.name)}`.execute(db);
  }
  await sql`alter table fleet_device detach partition ${sql.raw(SHARED)}`.execute(db);
  await sql`drop table fleet_device`.execute(db);
  for (const partition of partitions.rows) {
    await sql`insert into ${sql.raw(SHARED)} select * from ${sql.ref(partition.name)}`.execute(db);
    await sql`drop table ${sql.ref(partition.name)}`.execute(db);
  }
  await sql`alter table ${sql.raw(SHARED)} rename to fleet_device`.execute(db);
  await sql`alter table fleet_device rename constraint fleet_device_shared_pkey to fleet_device_pkey`.execute(
    db,
  );
  const indexes = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'fleet_device'::regclass and c.relname like '%\_shared'`.execute(db);
  for (const index of indexes.rows) {
    await sql`alter index ${sql.ref(index.name)} rename to ${sql.ref(index.name.replace(/_shared$/, ''))}`.execute(
      db,
    );
  }
  await sql`create index fleet_device_recent_user_trgm_idx on fleet_device using gin (recent_user gin_trgm_ops)`.execute(
    db,
  );
}
