/** Every table, for Drizzle's typed client. One file per feature lives in ./schema/. */
export * from './schema/auth';
export * from './schema/rewards';
export * from './schema/schedule';
export * from './schema/study';
export * from './schema/tasks';
export * from './schema/grades';
export * from './schema/sync';
export * from './schema/progress';
export * from './schema/support';
export * from './schema/admin';
export * from './schema/premium';
export * from './schema/push';
export * from './schema/files';
export * from './schema/scheduled-push';
export * from './schema/lms-feeds';
export * from './schema/study-plan';
export * from './schema/class-groups';
