import type {
  AcademicYear,
  AttendanceRecord,
  AttendanceSummary,
  CalendarFeed,
  Course,
  Holiday,
  Term,
} from '../../common/schemas/schedule.schema';
import { useQuery } from '@tanstack/react-query';
import { resourceQuery } from './resource';

export const academicYearsQuery = resourceQuery<AcademicYear[]>('/api/academic-years');
export const termsQuery = resourceQuery<Term[]>('/api/terms');
export const holidaysQuery = resourceQuery<Holiday[]>('/api/holidays');
/** Every page reads the courses here, one type (the course API is always present, so no 404 fallback). */
export const coursesQuery = resourceQuery<Course[]>('/api/courses');
export const attendanceQuery = resourceQuery<AttendanceRecord[]>('/api/attendance');
export const attendanceSummaryQuery = resourceQuery<AttendanceSummary[]>('/api/attendance/summary');
export const calendarFeedQuery = resourceQuery<CalendarFeed>('/api/calendar/feed');

export const useAcademicYears = () => useQuery(academicYearsQuery);
export const useTerms = () => useQuery(termsQuery);
export const useHolidays = () => useQuery(holidaysQuery);
export const useCourses = () => useQuery(coursesQuery);
export const useAttendance = () => useQuery(attendanceQuery);
export const useAttendanceSummary = () => useQuery(attendanceSummaryQuery);
export const useCalendarFeed = () => useQuery(calendarFeedQuery);
