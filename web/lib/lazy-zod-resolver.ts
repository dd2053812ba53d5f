import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/** A zod schema whose input is a form's values. */
type FormSchema = z4.$ZodType<unknown, FieldValues>;

/**
 * A react-hook-form resolver whose zod, resolver and schema load at the form's first validation, not
 * with the page (decision 234): zod and its resolver are ~30 KB gzip that every signed-in page loaded
 * before it could paint, for forms a student may never submit. `load` imports the form's schema module
 * (`() => import('./x-schema').then((m) => m.xSchema(t))`) — a dynamic import, so the page's chunk does
 * not include it; the bundler caches the module, so later validations wait for nothing but the parse.
 * Typed from the schema as `zodResolver` is: the form's values are the schema's input, what submit
 * receives its output.
 */
export function lazyZodResolver<T extends FormSchema>(load: () => Promise<T>): Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    const resolve = zodResolver(schema as z4.$ZodType<unknown, FieldValues>) as unknown as Resolver<
      z4.input<T> & FieldValues,
      unknown,
      z4.output<T>
    >;
    return resolve(values, context, options);
  };
}
