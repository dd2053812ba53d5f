/**
 * The one PATCH change-set builder: the columns to set are exactly the fields the request sent.
 * A field left out (zod leaves optional keys present as `undefined`) is skipped; `null` is kept, because
 * it clears the column. server/patch-semantics.test.ts holds every PATCH route to this.
 */
export function changeSet<T extends object>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
