import { startThrowawayPostgres } from '../../scripts/throwawayPostgres.mjs';
import { createCloud } from './src/cloud.ts';
import pg from 'pg';
const server = await startThrowawayPostgres();
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query('CREATE DATABASE cloud1');
await admin.end();
const url = server.url.replace(/\/postgres$/, '/cloud1');
try {
  let t = Date.now();
  const cloud = await createCloud({ port: 0, storage: { kind: 'postgres', url }, seed: 'demo' });
  console.log('started on pg in', Date.now() - t, 'ms');
  t = performance.now();
  for (let i = 0; i < 10; i++) await cloud.context.simulation.step();
  console.log('step ms', ((performance.now() - t) / 10).toFixed(1));
  const res = await fetch(`${cloud.url}/cloud/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ piscadaId: 'admin@varde.test', password: process.env.PW ?? 'x' }) });
  console.log('login status', res.status, (await res.text()).slice(0, 200));
  await cloud.close();
  const again = await createCloud({ port: 0, storage: { kind: 'postgres', url }, seed: 'demo' });
  console.log('restarted');
  await again.close();
} catch (e) { console.error('FAILED', e); }
server.stop();
