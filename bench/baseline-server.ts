/**
 * The bench's baseline: bare Fastify with one route doing the single SQL query the site-info call needs,
 * through a pg Pool of the server's default size, JSON reply in the same envelope. Env: PORT, HOST, DATABASE_URL,
 * DATABASE_POOL_SIZE.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const app = Fastify({ logger: false });

app.get('/readyz', async () => {
  await pool.query('select 1');
  return { status: 'ready' };
});
app.post('/apis/system/api/website/info/view', async () => {
  const { rows } = await pool.query('select * from website where site_id = 10');
  return { code: 200, msg: '', data: rows[0] ?? null };
});

const close = () => {
  app
    .close()
    .then(() => pool.end())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
