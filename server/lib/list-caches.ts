import { sizeBodyCache } from './conditional-get';
import { sizeRowCaches } from './row-cache';

/**
 * The memory one instance gives its list caches (LIST_CACHE_MB, decision 252), shared out as the default's
 * 72 MB always were (24, 32 and 16 MB): a third to whole rendered bodies (`conditional-get.ts`), four
 * ninths to row texts and two ninths to the last render of each list variant (`row-cache.ts`). The caches
 * are the process's, so the process sets them once at start (server/main.ts).
 */
export function sizeListCaches(megabytes: number): { bodyBytes: number; rowTextBytes: number; lastRenderBytes: number } {
  const total = megabytes * 1024 * 1024;
  const bodyBytes = Math.floor(total / 3);
  const rowTextBytes = Math.floor((total * 4) / 9);
  const lastRenderBytes = total - bodyBytes - rowTextBytes;
  sizeBodyCache(bodyBytes);
  sizeRowCaches({ rowTextBytes, lastRenderBytes });
  return { bodyBytes, rowTextBytes, lastRenderBytes };
}
