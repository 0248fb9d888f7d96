import { SoakClient, Tally } from './soak-client.mjs';
import { prepare, listReads, readList, WRITES, exportCsv, runReport, uploadG2, HOSTILE, someHostile, signInAndOut } from './soak-traffic.mjs';
const tally = new Tally();
const client = new SoakClient({ base: process.argv[2], tally });
const ctx = await prepare(client, { instances: 1 });
const what = process.argv[3];
if (what === 'reads') for (const r of listReads()) await readList(ctx, r);
if (what === 'writes') for (let i = 0; i < 3; i++) for (const w of Object.values(WRITES)) await w(ctx);
if (what === 'long') { await exportCsv(ctx); await runReport(ctx, 60000); await uploadG2(ctx, 60000); }
if (what === 'hostile') { for (let i = 0; i < 60; i++) await someHostile(ctx); await signInAndOut(ctx, 'staff@pact.test', '10.1.1.1'); }
for (const [k, e] of [...tally.kinds].sort()) if (e.wrong || what !== 'reads') console.log(k, e.answers, e.wrong, e.example ?? '');
console.log(tally.totals(), 'server5xx', tally.serverErrors, tally.serverErrorExample, 'writes', Object.fromEntries(tally.writes));
