import { adminHeaders, demoUser, sessionFor } from '../testing/people.ts';
import type { TestApp } from '../testing/test-app.ts';

/** The people of the probes: the demo seed's student, lecturer and organisation, the administrator, a guest. */
export type Role = 'guest' | 'student' | 'lecturer' | 'organisation' | 'admin';
export const ROLES: Role[] = ['guest', 'student', 'lecturer', 'organisation', 'admin'];
export const MOBILE = { student: '13800000001', lecturer: '13800000002', organisation: '13800000003' } as const;

export interface People {
  ids: Record<Exclude<Role, 'guest'>, string>;
  /** The headers of a new session of the role (none for a guest), so a call that signs out spoils no other. */
  headers(role: Role): Promise<Record<string, string>>;
}

export async function people(t: TestApp): Promise<People> {
  const users = {
    student: await demoUser(t, MOBILE.student),
    lecturer: await demoUser(t, MOBILE.lecturer),
    organisation: await demoUser(t, MOBILE.organisation),
  };
  const admin = await adminHeaders(t);
  const adminId = (await t.services.sessions.lookup(admin.headers.token))!.subjectId;
  return {
    ids: {
      student: users.student.id,
      lecturer: users.lecturer.id,
      organisation: users.organisation.id,
      admin: String(adminId),
    },
    async headers(role): Promise<Record<string, string>> {
      if (role === 'guest') return {};
      if (role === 'admin') {
        const token = await t.services.sessions.create({
          siteId: t.siteId,
          subjectKind: 'admin',
          subjectId: adminId,
          clientType: 1,
          ttlMs: 60 * 60_000,
        });
        return { token };
      }
      const u = users[role];
      return { token: (await sessionFor(t, BigInt(u.id), u.mobile)).token };
    },
  };
}
