import { z } from './zod-config.ts';
import { Limits } from './codes.ts';

export type CallAccess = 'api' | 'auth' | 'admin' | 'callback';

/** One call of spec §7: its path under /apis, method, who may call it, and its request and reply data. */
export interface CallDef<
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: A;
  summary: string;
  body: B;
  data: D;
  /**
   * A call that browsers also send with navigator.sendBeacon, which carries the session cookie but no token
   * header and posts a text/plain body. It sits under /api/ so the beacon can reach it, yet needs the signed-in
   * user: the token header, or the RC_WEB_TOKEN cookie alone from our own pages.
   */
  beacon?: boolean;
}

/** A call sent by navigator.sendBeacon (see CallDef.beacon): its handler acts for a signed-in user. */
export type BeaconCallDef<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> = CallDef<B, D, 'api'> & {
  beacon: true;
};

/** Keeps the literal access of the call ('auth', 'admin'…), so its handler knows whether it has a signed-in actor. */
export function defineCall<B extends z.ZodType, D extends z.ZodType>(def: BeaconCallDef<B, D>): BeaconCallDef<B, D>;
export function defineCall<B extends z.ZodType, D extends z.ZodType, A extends CallAccess>(
  def: CallDef<B, D, A>,
): CallDef<B, D, A>;
export function defineCall(def: CallDef): CallDef {
  const segment = def.path.split('/')[2];
  if (segment !== def.access) throw new Error(`call ${def.path} must sit under /${def.access}/`);
  if (def.beacon && (def.access !== 'api' || def.method !== 'POST')) {
    throw new Error(`call ${def.path}: a beacon call is a POST under /api/`);
  }
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
