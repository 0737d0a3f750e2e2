/**
 * The studio bench's ceiling: a bare node:http server that takes the upload's requests and writes each chunk's
 * whole body to its place in one file, with no multipart parsing, no CRC-32 and no database. What the bench client
 * reaches against it is what loopback HTTP and the disk allow on this machine, before any of the server's work.
 * It answers the test request and names a video once it has had as many chunks as the test announced.
 * Env: PORT, HOST, SINK_FILE.
 */
import fs from 'node:fs';
import http from 'node:http';

const fd = fs.openSync(process.env.SINK_FILE ?? '/dev/null', 'w');
let expected = 0;
let received = 0;
let end = 0;

const reply = (res: http.ServerResponse, video: { id: string } | null) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ code: 200, msg: '', data: { skipUpload: false, uploaded: [], video } }));
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (req.method === 'GET') {
    if (url.pathname === '/readyz') return res.end('ready');
    expected = Number(url.searchParams.get('totalChunks'));
    received = 0;
    return reply(res, null);
  }
  // bodies are placed one after another in arrival order, as the real server places chunks by number
  let at = end;
  end += Number(req.headers['content-length'] ?? 0);
  req.on('data', (buf: Buffer) => {
    fs.writeSync(fd, buf, 0, buf.length, at);
    at += buf.length;
  });
  req.on('end', () => reply(res, ++received === expected ? { id: 'sink' } : null));
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
server.listen(Number(process.env.PORT ?? 3002), process.env.HOST ?? '127.0.0.1');
