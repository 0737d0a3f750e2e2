/**
 * Reading Alipay's open-API replies: the response node is signed over its own text as sent, so it is cut out of
 * the reply as written, not parsed and serialised again.
 */
import { InvalidNoticeError } from './gateway.ts';

/**
 * The raw text of each member of a JSON object, exactly as written. Alipay signs a reply's response node over its
 * own text, which a parse and re-serialisation would not reproduce (key order, escapes, spacing).
 */
export function rawMembers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const expect = (c: string) => {
    ws();
    if (text[i] !== c) throw new InvalidNoticeError(`alipay reply is not a JSON object (expected ${c} at ${i})`);
    i++;
  };
  const skipString = () => {
    i++; // the opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) throw new InvalidNoticeError('alipay reply ends inside a string');
    i++;
  };
  const skipValue = () => {
    ws();
    const first = text[i];
    if (first === '"') return skipString();
    if (first === '{' || first === '[') {
      let depth = 0;
      while (i < text.length) {
        const c = text[i]!;
        if (c === '"') {
          skipString();
          continue;
        }
        i++;
        if (c === '{' || c === '[') depth++;
        else if ((c === '}' || c === ']') && --depth === 0) return;
      }
      throw new InvalidNoticeError('alipay reply ends inside a value');
    }
    // a number, true, false or null
    while (i < text.length && !',}] \t\r\n'.includes(text[i]!)) i++;
  };
  expect('{');
  ws();
  if (text[i] === '}') return out;
  for (;;) {
    ws();
    if (text[i] !== '"') throw new InvalidNoticeError('alipay reply has a member without a quoted name');
    const keyStart = i;
    skipString();
    const key = JSON.parse(text.slice(keyStart, i)) as string;
    expect(':');
    ws();
    const start = i;
    skipValue();
    out.set(key, text.slice(start, i).trimEnd());
    ws();
    if (text[i] === ',') {
      i++;
      continue;
    }
    expect('}');
    return out;
  }
}

export interface ReplyNode {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  trade_no?: string;
  out_trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
  fund_change?: string;
  refund_status?: string;
  refund_amount?: string;
  out_request_no?: string;
}

/** An open-API reply: the response node's exact text, its signature (if any) and what it says. */
export function readReply(text: string, name: string): { node: string; sign: unknown; r: ReplyNode } {
  try {
    const members = rawMembers(text);
    // a request Alipay could not take at all is answered under error_response
    const node = members.get(name) ?? members.get('error_response');
    if (node === undefined) throw new InvalidNoticeError(`alipay reply without ${name}`);
    const sign: unknown = members.has('sign') ? JSON.parse(members.get('sign')!) : undefined;
    const r = JSON.parse(node) as unknown;
    if (typeof r !== 'object' || r === null) throw new InvalidNoticeError(`alipay reply's ${name} is not an object`);
    return { node, sign, r: r as ReplyNode };
  } catch (err) {
    if (err instanceof InvalidNoticeError) throw err;
    throw new InvalidNoticeError(`alipay reply malformed: ${(err as Error).message.slice(0, 200)}`);
  }
}
