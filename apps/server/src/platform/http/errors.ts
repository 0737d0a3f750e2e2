import { ResultCode, type TResultCode } from '#contract/codes.ts';

/** The one error type of the application; the error mapping turns it into the envelope. */
export class AppError extends Error {
  readonly code: TResultCode;
  /** What a client needs to act on the refusal (e.g. that a captcha is now required); usually none. */
  readonly data: unknown;
  constructor(code: TResultCode, msg: string, data: unknown = null) {
    super(msg);
    this.code = code;
    this.data = data;
  }
}

/** A business or validation refusal: code 999 with a message that tells a person what to do. */
export const fail = (msg: string, data: unknown = null): AppError => new AppError(ResultCode.ERROR, msg, data);
export const notFound = (what: string): AppError => new AppError(ResultCode.ERROR, `${what}不存在或已删除`);
export const noPermission = (msg = '没有权限进行此操作'): AppError => new AppError(ResultCode.NO_PERMISSION, msg);
