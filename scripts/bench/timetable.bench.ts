/**
 * Times `expandTimetable` over one school year of a 12-course timetable (3–5 slots a course) for each
 * rotation kind, and prints the median. Budget: well under 20 ms per expansion.
 * Run: npx tsx scripts/bench/timetable.bench.ts
 */
import { clearTimeZoneCaches } from '../../common/domain/local-time';
import { expandTimetable, type TermRotation, type TimetableCourse, type TimetableSource } from '../../common/domain/timetable';

const RUNS = 50;
const TIME_ZONE = 'America/New_York';
const FROM = '2025-09-01';
const TO = '2026-08-31';

function timetableFor(rotation: TermRotation): TimetableSource {
  const courses: TimetableCourse[] = Array.from({ length: 12 }, (_, courseIndex) => ({
    id: `course-${courseIndex}`,
    termId: 'term-1',
    timeSlots: Array.from({ length: 3 + (courseIndex % 3) }, (_, slotIndex) => {
      const hour = 8 + ((courseIndex + slotIndex * 2) % 9);
      const time = (h: number) => `${String(h).padStart(2, '0')}:${courseIndex % 2 === 0 ? '00' : '30'}`;
      return {
        day: 1 + ((courseIndex + slotIndex) % 5),
        startTime: time(hour),
        endTime: time(hour + 1),
        week: rotation.kind === 'ab' && slotIndex % 2 === 1 ? ('B' as const) : null,
        cycleDay: rotation.kind === 'nday' ? 1 + ((courseIndex + slotIndex) % rotation.days) : null,
      };
    }),
  }));
  return {
    courses,
    terms: [{ id: 'term-1', startDate: FROM, endDate: TO, rotation }],
    holidays: [
      { startDate: '2025-11-26', endDate: '2025-11-28' },
      { startDate: '2025-12-22', endDate: '2026-01-02' },
      { startDate: '2026-03-30', endDate: '2026-04-03' },
    ],
    timeZone: TIME_ZONE,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function measure(source: TimetableSource, coldCaches: boolean): { median: number; count: number } {
  const timings: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run++) {
    if (coldCaches) clearTimeZoneCaches();
    const started = performance.now();
    count = expandTimetable({ ...source, from: FROM, to: TO }).length;
    timings.push(performance.now() - started);
  }
  return { median: median(timings), count };
}

// Warm the JIT once so the first row does not carry compilation time.
expandTimetable({ ...timetableFor({ kind: 'weekly' }), from: FROM, to: TO });

console.log(`expandTimetable, ${FROM}..${TO}, 12 courses, ${TIME_ZONE}, median of ${RUNS} runs`);
for (const rotation of [{ kind: 'weekly' }, { kind: 'ab' }, { kind: 'nday', days: 6 }] satisfies TermRotation[]) {
  const source = timetableFor(rotation);
  const cold = measure(source, true);
  const warm = measure(source, false);
  console.log(
    `${rotation.kind.padEnd(7)} ${String(cold.count).padStart(5)} occurrences  ` +
      `cold time-zone cache ${cold.median.toFixed(2)} ms  warm ${warm.median.toFixed(2)} ms`,
  );
}
