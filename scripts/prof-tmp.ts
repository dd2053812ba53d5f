import { connectDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { like } from 'drizzle-orm';
import { loadProgressData } from '../server/features/progress/progress-data.service';
import { progressSummary } from '../server/features/progress/progress.service';
const handle = connectDatabase('postgres://postgres:4db4359bb26df74f87e24cbeadea2d687ab042d4988625c3@127.0.0.1:37929/postgres');
const [u] = await handle.db.select().from(users).where(like(users.username, 'bench_progress%'));
const user = { id: u!.id, timeZone: 'UTC' };
for (let i = 0; i < 8; i++) {
  let t0 = performance.now();
  await loadProgressData(handle.db, user);
  const load = performance.now() - t0;
  t0 = performance.now();
  await progressSummary(handle.db, user);
  console.log('load', load.toFixed(1), 'summary', (performance.now() - t0).toFixed(1));
}

import { progressWindow, progressOverview, courseCards } from '../common/domain/progress-summary';
import { studyStreaks } from '../common/domain/streaks';
const data = await loadProgressData(handle.db, user);
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  const window = progressWindow(data.terms, '2026-11-24');
  const grading = { system: data.system, scale: data.scale };
  const input = { window, courses: data.courses, tasks: data.tasks, sessions: data.sessions, assessments: data.assessments, attendance: data.attendance, grading };
  const s = studyStreaks({ sessionStarts: data.sessions.map((x) => `${x.date}T12:00:00Z`), timeZone: 'UTC', today: '2026-11-24', holidays: data.holidays });
  const a = performance.now() - t0; t0 = performance.now();
  progressOverview({ ...input, points: data.points, balance: 0, streak: s });
  const b = performance.now() - t0; t0 = performance.now();
  courseCards(input);
  console.log('streak', a.toFixed(1), 'overview', b.toFixed(1), 'cards', (performance.now() - t0).toFixed(1));
}
await handle.pool.end();
