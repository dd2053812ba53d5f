import { afterAll, inject } from 'vitest';
import { runFileCleanups } from './file-cleanup';

// Run before each API test file (vitest.config.ts's setupFiles). Registered while the file is collected,
// this hook runs after the file's tests and its own afterAll hooks: it closes what the file's helpers
// opened while it ran (createTestApp's app, pool and listener; jobInstances' queues) and fails the file if
// a connection to its databases is left open (decision 227).
afterAll(() => runFileCleanups(inject('pgAdminUrl')));
