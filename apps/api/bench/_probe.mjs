import * as v from 'valibot';
import { endpoints } from '@collective/api-client/contract';
const lists = Object.entries(endpoints).filter(([, e]) => e.method === 'GET' && !e.params && !e.format);
for (const [name, e] of lists) {
  const r = e.query ? v.safeParse(e.query, {}) : { success: true };
  if (!r.success) console.log(name, e.path, v.summarize(r.issues).replace(/\n/g, ' | '));
}
console.log(lists.length, 'list reads');
