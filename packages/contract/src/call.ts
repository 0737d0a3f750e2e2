import { z } from 'zod';
import { Limits } from './codes.ts';

export type CallAccess = 'api' | 'auth' | 'admin' | 'callback';

/** One call of spec §7: its path under /apis, method, who may call it, and its request and reply data. */
export interface CallDef<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: CallAccess;
  summary: string;
  body: B;
  data: D;
}

export function defineCall<B extends z.ZodType, D extends z.ZodType>(def: CallDef<B, D>): CallDef<B, D> {
  const segment = def.path.split('/')[2];
  if (segment !== def.access) throw new Error(`call ${def.path} must sit under /${def.access}/`);
  return def;
}

export type CallBody<C extends CallDef> = z.input<C['body']>;
export type CallData<C extends CallDef> = z.output<C['data']>;

export const Empty = z.object({}).default({});

/** A snowflake id as text: a positive decimal of at most 19 digits (bigint's range is checked by `isId`). */
export const ID_PATTERN = /^[1-9]\d{0,18}$/;

/** Whether a text (a route's :id, a query parameter) is a snowflake id the database can hold. */
export function isId(text: unknown): text is string {
  // 19 digits can still pass bigint's range, which the database would refuse with a fault
  return (
    typeof text === 'string' && ID_PATTERN.test(text) && (text.length < 19 || BigInt(text) <= 9223372036854775807n)
  );
}

/** A snowflake id: a decimal string in JSON, bigint in SQL. */
export const Id = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v))
  .pipe(z.string().refine(isId, { error: 'ID 格式不正确' }));
export const IdBody = z.object({ id: Id });

export const PageQuery = z.object({
  pageCurrent: z.coerce.number().int().min(1, { error: '页码必须从 1 开始' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: '每页条数至少为 1' })
    .default(Limits.pageSizeDefault)
    .transform((n) => Math.min(n, Limits.pageSizeMax)),
});
export type TPageQuery = z.output<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    totalCount: z.number().int(),
    totalPage: z.number().int(),
    pageCurrent: z.number().int(),
    pageSize: z.number().int(),
  });
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });
}

/** Status 1 = normal, 0 = disabled, on every table (roncoo convention). */
export const StatusId = z.union([z.literal(0), z.literal(1)]);
export const Target = z.enum(['_blank', '_self']);

/** A trimmed, required, length-limited text whose errors name the field in Chinese. */
export function text(label: string, max: number) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(max, { error: `${label}不能超过 ${max} 个字` });
}
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字` })
    .default('');
}
export function url(label: string) {
  return z
    .string()
    .trim()
    .max(500, { error: `${label}不能超过 500 个字` })
    .refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/.test(v), {
      error: `${label}必须是以 http(s):// 或 / 开头的地址`,
    })
    .default('');
}

/** An image we stored (/media/…) or an https address; '' when there is none. */
export const ImageUrl = z
  .string()
  .trim()
  .max(500, { error: '图片地址过长，请重新上传' })
  .refine((v) => v === '' || v.startsWith('/media/') || /^https:\/\//.test(v), { error: '图片地址不正确，请重新上传' })
  .default('');

/** One of a few numeric codes (a status, a type); the message names the choices. */
export function oneOf<const T extends readonly number[]>(values: T, msg: string) {
  return z.coerce
    .number({ error: msg })
    .refine((v) => values.includes(v), { error: msg })
    .transform((v) => v as T[number]);
}
