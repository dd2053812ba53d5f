/**
 * The named columns of a row, copied as they are: the part of an API view that needs no conversion.
 * A view names what it shows (never a spread of the whole row), so a new column stays private until
 * a view picks it; the fields that do convert (dates to ISO text, casts) are written beside the pick.
 */
export function pickColumns<Row extends object, Key extends keyof Row>(row: Row, keys: readonly Key[]): Pick<Row, Key> {
  const picked = {} as Pick<Row, Key>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
