import { sql, type Kysely } from 'kysely';

/**
 * Onboarding's OU scope step is recorded on the organization (when it was first saved), so a
 * reload, another tab or another admin resumes at the first sync instead of asking again.
 * Organizations that finished onboarding, or whose first sync was started (which the wizard only
 * does after the scope was saved), are taken to have chosen it then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table org add column onboarding_scope_chosen_at timestamptz`.execute(db);
  await sql`
    update org
    set onboarding_scope_chosen_at = coalesce(
      (select min(run.created_at) from sync_run run
        where run.org_id = org.id and run.trigger = 'onboarding'),
      org.onboarding_completed_at
    )
    where org.onboarding_scope_chosen_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table org drop column if exists onboarding_scope_chosen_at`.execute(db);
}
