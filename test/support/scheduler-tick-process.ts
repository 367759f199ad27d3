import { openDatabase } from '../../src/service/db/open-database.js';
import { createTaskSignals } from '../../src/service/tasks/task-signals.js';
import { schedulerTick } from '../../src/service/scheduler/tick.js';

/**
 * Another instance's scheduler, as a process of its own (`tsx test/support/scheduler-tick-process.ts`
 * with DATABASE_URL and DATABASE_SCHEMA): one tick, its result on stdout. A test kills it mid-tick.
 */
const db = await openDatabase({
  url: process.env.DATABASE_URL!,
  schema: process.env.DATABASE_SCHEMA,
});
const signals = await createTaskSignals(db);
console.log('ticking');
const result = await schedulerTick({ db, signals });
console.log(JSON.stringify({ planned: result.planned.length, queued: result.queued }));
await signals.close();
await db.close();
