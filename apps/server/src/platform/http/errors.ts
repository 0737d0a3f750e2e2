import { ResultCode, type TResultCode } from '#contract/codes.ts';

/** The one error type of the application; the error mapping turns it into the envelope. */
export class AppError extends Error {
  readonly code: TResultCode;
  constructor(code: TResultCode, msg: string) {
    super(msg);
    this.code = code;
  }
}

/** A business or validation refusal: code 999 with a message that tells a person what to do. */
export const fail = (msg: string): AppError => new AppError(ResultCode.ERROR, msg);
export const notFound = (what: string): AppError => new AppError(ResultCode.ERROR, `${what}不存在或已删除`);
export const noPermission = (msg = '没有权限进行此操作'): AppError => new AppError(ResultCode.NO_PERMISSION, msg);
