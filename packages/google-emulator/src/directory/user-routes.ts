/**
 * Directory users.get (reference §1): the district's generated people, so a policy debugger can
 * place a user in their OU. Students sit in one of their school's grade OUs, school staff in the
 * school's OU, district staff in District Office; all derived from the person number alone.
 */
import type { FastifyInstance } from 'fastify';
import { guard, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { GoogleApiError } from '../http/google-errors.ts';
import { sendJson } from '../http/json-response.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import type { OrgUnitRecord } from '../state/org-units.ts';
import { personFromEmail } from '../state/people.ts';
import { hash32 } from '../state/random.ts';

const USER_PATH = '/admin/directory/v1/users/:userKey';
const METHOD = 'ccc.hosted.frontend.directory.v1.DirectoryUsers.Get';
const GRADE = /^(Kindergarten|Grade \d+)$/;

function userNotFound(): GoogleApiError {
  return new GoogleApiError({ httpStatus: 404, reason: 'notFound', message: 'Resource Not Found: userKey' });
}

/** Why: a generated person's OU, or undefined when the number is nobody in this district. */
export function personOrgUnit(state: EmulatorState, person: number): OrgUnitRecord | undefined {
  const { schools, orgUnits, districtStaff } = state.fleet;
  for (const school of schools) {
    const schoolOu = orgUnits.bySlot(school.ouSlot);
    if (person >= school.studentStart && person < school.studentStart + school.studentCount) {
      const grades = orgUnits.children(schoolOu).filter((ou) => GRADE.test(ou.name));
      return grades[(person - school.studentStart) % Math.max(1, grades.length)] ?? schoolOu;
    }
    if (person >= school.staffStart && person < school.staffStart + school.staffCount) return schoolOu;
  }
  if (person >= districtStaff.start && person < districtStaff.start + districtStaff.count)
    return orgUnits.children(orgUnits.root).find((ou) => ou.name === 'District Office') ?? orgUnits.root;
  return undefined;
}

function nameOf(email: string): { givenName: string; familyName: string; fullName: string } {
  const [first = '', last = ''] = (email.split('@')[0] ?? '').replace(/\d+$/, '').split('.');
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return { givenName: cap(first), familyName: cap(last), fullName: `${cap(first)} ${cap(last)}` };
}

/** `GET /admin/directory/v1/users/{userKey}` by primary email; ids are not generated. */
export function registerUserRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.get<{ Params: { userKey: string } }>(
    USER_PATH,
    { preHandler: guard(context, ROUTE_SCOPES.userRead, METHOD) },
    async (request, reply) => {
      const email = decodeURIComponent(request.params.userKey).toLowerCase();
      const person = personFromEmail(email, state.customer.domain);
      const ou = person === undefined ? undefined : personOrgUnit(state, person);
      if (person === undefined || !ou) throw userNotFound();
      const primaryEmail = state.emailOf(person);
      return sendJson(request, reply, {
        kind: 'admin#directory#user',
        id: `1${String(person).padStart(20, '0')}`,
        primaryEmail,
        name: nameOf(primaryEmail),
        isAdmin: false,
        suspended: hash32(person, 0x5e5) % 40 === 0,
        orgUnitPath: ou.orgUnitPath,
        customerId: state.customer.id,
      });
    },
  );
}
