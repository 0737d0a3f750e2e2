import type { FastifyReply } from 'fastify';

/** Seconds a browser or a proxy is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_S = 5;

/**
 * The page a request gets when every render slot and the queue are taken (render-gate.ts): said plainly, sent at
 * once, no scripts and nothing read from the database, so refusing costs next to nothing.
 */
const BUSY_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>访问人数过多，请稍后再试</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333;background:#f5f6f7}
main{max-width:480px;margin:15vh auto 0;padding:32px;background:#fff;border-radius:8px;text-align:center}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.7;margin:0 0 16px;color:#666}
a{display:inline-block;padding:8px 24px;background:#00777c;color:#fff;border-radius:4px;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>访问人数过多，页面暂时打不开</h1>
<p>此刻正在访问的人太多，服务器忙不过来。您的学习记录和订单不受影响，请 ${BUSY_RETRY_AFTER_S} 秒后刷新重试。</p>
<a href="">刷新页面</a>
</main>
</body>
</html>
`;

export function sendBusy(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('Retry-After', String(BUSY_RETRY_AFTER_S))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(BUSY_HTML);
}
