import { useQuery } from '@tanstack/react-query';
import type { ReleaseSeen } from '../../common/schemas/release-notes.schema';
import { resourceQuery } from './resource';

export type { ReleaseSeen };

/** The user's last seen release notes version, stored on the account (docs/api.md "Release notes"). */
export const releaseSeenQuery = resourceQuery<ReleaseSeen>('/api/release-notes/seen');

export const useReleaseSeen = (enabled = true) => useQuery({ ...releaseSeenQuery, enabled });
