import { useEffect, useRef } from 'react';
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

/**
 * `lazyZodResolver` for a form component, which also starts loading the rules when the student first
 * focuses or presses anything on the page (a field, before they type): by the first submit they are in,
 * so the submit waits for no request and a quick second click finds the mutation pending as before.
 * Not on idle: a page opened and left alone (Lighthouse's) loads no zod at all.
 */
export function useLazyZodResolver<T extends FormSchema>(
  load: () => Promise<T>,
): Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>> {
  const firstLoad = useRef(load);
  useEffect(() => {
    const start = () => {
      stop();
      void Promise.all([import('@hookform/resolvers/zod'), firstLoad.current()]).catch(() => {});
    };
    const stop = () => {
      document.removeEventListener('focusin', start, true);
      document.removeEventListener('pointerdown', start, true);
    };
    document.addEventListener('focusin', start, true);
    document.addEventListener('pointerdown', start, true);
    return stop;
  }, []);
  return lazyZodResolver(load);
}
