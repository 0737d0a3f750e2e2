import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { prettyLine, prettyStream, TerminalLogController } from './log.ts';

const at = new Date(2026, 0, 5, 9, 7, 3).getTime();

describe('the human log', () => {
  it('is one line: time, level, message, then the other fields as key=value', () => {
    expect(
      prettyLine({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'demo data loaded', seeders: ['a', 'b'] }),
    ).toBe('09:07:03 INFO  demo data loaded seeders=a,b');
    expect(prettyLine({ level: 40, time: at, msg: 'demo videos wait for ffmpeg', path: '/no where', n: 2 })).toBe(
      '09:07:03 WARN  demo videos wait for ffmpeg path="/no where" n=2',
    );
    expect(prettyLine({ level: 30, time: at, reqId: 'r1', msg: 'SMS 13800000001 123456' })).toBe(
      '09:07:03 INFO  SMS 13800000001 123456',
    );
  });

  it('puts an error stack under its line, indented', () => {
    const line = prettyLine({
      level: 50,
      time: at,
      msg: 'unhandled error',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (a.ts:1:1)' },
    });
    expect(line.split('\n')).toEqual(['09:07:03 ERROR unhandled error', '    Error: boom', '        at x (a.ts:1:1)']);
  });

  it('paints the level on a terminal only', () => {
    expect(prettyLine({ level: 40, time: at, msg: 'x' }, true)).toBe('09:07:03 \x1b[33mWARN \x1b[0m x');
  });

  it('turns the lines of a Fastify logger into human lines, passing on what is not JSON', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (b: Buffer) => (text += b.toString()));
    const app = Fastify({ logger: { level: 'info', stream: prettyStream(out) } });
    app.log.info({ url: 'http://localhost:3000' }, 'listening');
    app.log.debug('not shown at info');
    prettyStream(out).write('plain text\n');
    await app.close();
    expect(text).toMatch(/^\d\d:\d\d:\d\d INFO {2}listening url=http:\/\/localhost:3000\nplain text\n$/);
  });

  it('shows no line for a successful request at info level, and one short line at debug level', async () => {
    const lines = async (level: string) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (b: Buffer) => (text += b.toString()));
      const app = Fastify({ logger: { level, stream: prettyStream(out) }, logController: new TerminalLogController() });
      app.get('/hello', async () => 'hi');
      await app.inject({ url: '/hello' });
      await app.close();
      return text.split('\n').filter(Boolean);
    };
    expect(await lines('info')).toEqual([]);
    const debug = await lines('debug');
    expect(debug).toHaveLength(1);
    expect(debug[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG GET \/hello 200 \d+ms$/);
  });
});
