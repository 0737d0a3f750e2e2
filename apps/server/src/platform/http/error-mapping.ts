import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '#contract/codes.ts';
import { AppError } from './errors.ts';

/** Fastify's own refusals of malformed requests, in words a person can act on. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，请提交 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式，请提交 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_CTP_EMPTY_TYPE: '请求格式为空，请提交 JSON',
  FST_ERR_CTP_INVALID_TYPE: '不支持的请求格式，请提交 JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
  FST_REQ_FILE_TOO_LARGE: '文件过大',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '上传的表单项过多',
  FST_ERR_VALIDATION: '请求参数不正确',
  FST_ERR_BAD_URL: '请求地址不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

/**
 * The multipart parser (busboy, under @fastify/multipart) fails a form with no boundary, cut short or with a
 * malformed part by a plain Error, wherever the form is being read; it is the sender's fault, never a fault here.
 */
function fromFormParser(err: Error): boolean {
  return typeof err.stack === 'string' && err.stack.includes('/@fastify/busboy/');
}

/**
 * The router's own refusals (a malformed %-escape, a path parameter past maxParamLength), which come before any
 * route and so before the error handler: the envelope under /apis, a short page elsewhere; never the URL echoed.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const msg = (err.code && FASTIFY_CODES[err.code]) ?? '请求地址不正确';
  req.log.info({ code: err.code }, 'request refused');
  if (req.url.startsWith('/apis/')) {
    void reply.status(200).send({ code: ResultCode.ERROR, msg, data: null });
  } else {
    void reply.status(400).type('text/plain; charset=utf-8').send(msg);
  }
}

/** The one place where errors become the envelope: the HTTP status and the body. A 5xx carries no detail; the
 * log has it, by request id. In-process calls of a page (local-calls.ts) map their errors here too. */
export function envelopeOfError(
  err: FastifyError | AppError,
  req: FastifyRequest,
): { status: number; body: { code: number; msg: string; data: unknown } } {
  if (err instanceof AppError) {
    return { status: 200, body: { code: err.code, msg: err.message, data: err.data ?? null } };
  }
  const known = err.code
    ? FASTIFY_CODES[err.code]
    : fromFormParser(err)
      ? '上传的表单不完整或格式不正确，请重新上传'
      : undefined;
  if (known || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
    req.log.info({ code: err.code, msg: err.message }, 'request refused');
    return { status: 200, body: { code: ResultCode.ERROR, msg: known ?? '请求不正确', data: null } };
  }
  req.log.error({ err }, 'unhandled error');
  return {
    status: 500,
    body: { code: ResultCode.ERROR, msg: `服务器开小差了，请稍后再试（请求号 ${req.id}）`, data: null },
  };
}

export function installErrorMapping(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const { status, body } = envelopeOfError(err, req);
    return reply.status(status).send(body);
  });
}
