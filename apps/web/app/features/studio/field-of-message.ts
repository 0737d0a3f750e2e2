/**
 * Which field of the course form a refusal of the server is about, by the words its message uses (the contract
 * and the studio service name the field in every such message), or null for a refusal of the whole form.
 */
const FIELDS: ReadonlyArray<[RegExp, string]> = [
  [/划线价/, 'rulingPrice'],
  [/课程价格|售价/, 'coursePrice'],
  [/分类/, 'categoryId'],
  [/名称/, 'courseName'],
  [/图片|封面/, 'courseLogo'],
  [/介绍/, 'introduce'],
];

export function fieldOfMessage(msg: string): string | null {
  return FIELDS.find(([re]) => re.test(msg))?.[1] ?? null;
}
