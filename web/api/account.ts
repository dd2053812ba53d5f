import { useQuery } from '@tanstack/react-query';
import type { AccountSession, ExportFormat } from '../../common/schemas/account.schema';
import { apiRequest } from '../lib/api-client';
import { resourceQuery } from './resource';

export type { AccountSession, ExportFormat };

/** GET /api/account/sessions: where the account is signed in now, this device marked. */
export const accountSessionsQuery = resourceQuery<AccountSession[]>('/api/account/sessions');

export const useAccountSessions = () => useQuery(accountSessionsQuery);

/**
 * GET /api/account/export/:format as a file: its bytes and the name the server gave it. A refusal
 * (429 after too many exports, 503) is an ApiError like every other request's.
 */
export async function fetchExport(format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('GET', `/api/account/export/${format}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `studypilot-export.${format === 'csv' ? 'zip' : format}`;
  return { blob: await response.blob(), fileName };
}
