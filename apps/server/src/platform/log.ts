import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The server's log for a person at a terminal: one short line per entry, `time level message key=value…`, an
 * error's stack under it. Pino writes its JSON lines into `prettyStream`, which turns each into that line; with
 * LOG_FORMAT=json (the default when stdout is not a terminal) the JSON goes out untouched, for log collectors.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[90m' },
  30: { name: 'INFO', color: '\x1b[36m' },
  40: { name: 'WARN', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[41m\x1b[37m' },
};
const RESET = '\x1b[0m';

/** Pino's own fields, which the line shows in its own way or not at all. */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

const pad2 = (n: number) => String(n).padStart(2, '0');

function clockOf(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

function valueOf(v: unknown): string {
  if (typeof v === 'string') return /[\s="]/.test(v) || v === '' ? JSON.stringify(v) : v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(',');
  return JSON.stringify(v) ?? String(v);
}

interface SerializedError {
  type?: string;
  message?: string;
  stack?: string;
}

/** One pino entry as the line a person reads; `color` paints the level (a terminal). */
export function prettyLine(entry: Record<string, unknown>, color = false): string {
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level).toUpperCase(), color: '' };
  const label = level.name.padEnd(5);
  const fields = Object.entries(entry)
    .filter(([k, v]) => !OWN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${valueOf(v)}`);
  const err = entry.err as SerializedError | undefined;
  const msg = typeof entry.msg === 'string' ? entry.msg : (err?.message ?? '');
  const head = [clockOf(entry.time), color && level.color ? `${level.color}${label}${RESET}` : label, msg, ...fields]
    .filter((s) => s !== '')
    .join(' ');
  if (!err) return head;
  const stack = err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`;
  return `${head}\n${stack.replace(/^/gm, '    ')}`;
}

/** A pino destination writing `prettyLine`s to `out` (stdout); a line that is not JSON is passed on as it is. */
export function prettyStream(out: NodeJS.WriteStream | NodeJS.WritableStream = process.stdout): {
  write(line: string): void;
} {
  const color = 'isTTY' in out && out.isTTY === true;
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(`${prettyLine(entry, color)}\n`);
    },
  };
}

/**
 * Fastify's request lines for a person at a terminal: none when a request arrives, and when it is answered one line
 * at debug level (`GET /path 200 12ms`), so a start at info level shows no successful request. A request that
 * fails is logged as Fastify logs it, and so are errors, 404s and broken streams.
 */
export class TerminalLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  }
}
