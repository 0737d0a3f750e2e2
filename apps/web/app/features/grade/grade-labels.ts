/** How a class is joined (grade.joinRule), as the class list and page name it. */
export const GRADE_JOIN_RULES: Record<number, string> = {
  1: '直接加入',
  2: '申请加入，班主任审核',
  3: '凭邀请码加入',
};
