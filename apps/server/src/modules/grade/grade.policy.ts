import { GradeRelation, GradeRole } from '#contract/grade.ts';
import { UserType } from '#contract/user.ts';
import { fail } from '../../platform/http/errors.ts';

/** Classes are run by lecturers and organisations. */
export function mayRunGrades(user: { userType: number }): void {
  if (user.userType !== UserType.LECTURER && user.userType !== UserType.ORGANISATION)
    throw fail('只有讲师或机构可以创建班级，请先申请成为讲师');
}

/** What the user is to the class: its teacher, a class admin, a student, or nothing. */
export function relationTo(
  g: { lecturerUserId: bigint },
  userId: bigint,
  member: { statusId: number; role: number } | undefined,
): number {
  if (g.lecturerUserId === userId) return GradeRelation.TEACHER;
  if (!member || member.statusId !== 1) return GradeRelation.NONE;
  return member.role === GradeRole.ADMIN ? GradeRelation.ADMIN : GradeRelation.STUDENT;
}

/** Editing, disbanding, adding members, making admins and attaching courses are the teacher's alone. */
export function mustBeTeacher(relation: number): void {
  if (relation !== GradeRelation.TEACHER) throw fail('只有班主任可以进行此操作');
}

/** Members, applications and the summary are for the teacher and the class admins. */
export function mustManage(relation: number): void {
  if (relation !== GradeRelation.TEACHER && relation !== GradeRelation.ADMIN)
    throw fail('只有班主任和班级管理员可以进行此操作');
}

/** The class's courses are for its members and teacher. */
export function mustBelong(relation: number): void {
  if (relation === GradeRelation.NONE) throw fail('加入班级后才能查看班级课程');
}

/** The teacher kicks anyone; a class admin kicks students only, never another admin (nor themself). */
export function mayKick(relation: number, target: { role: number; userId: bigint }, actorId: bigint): void {
  mustManage(relation);
  if (target.userId === actorId) throw fail('不能移出自己，如需离开请退出班级');
  if (relation === GradeRelation.ADMIN && target.role === GradeRole.ADMIN)
    throw fail('班级管理员只能移出普通学员，请联系班主任');
}
