/**
 * Who may call a route, as its hooks decide it: `requireUser` is marked `user`, `requireRole(…)`
 * `role`, each premium check `premium`. The OpenAPI document reads the marks off a route's hooks
 * (server/features/openapi/openapi-document.ts) to list its security and its 401/403 answers, so the
 * document follows the hooks instead of a second list.
 */
export type RouteAccess = 'user' | 'premium' | 'role';

const marks = new WeakMap<object, RouteAccess>();

/** Marks a hook with the access it enforces; returns the hook itself. */
export function markAccess<T extends object>(hook: T, access: RouteAccess): T {
  marks.set(hook, access);
  return hook;
}

const RANK: Record<RouteAccess, number> = { user: 1, premium: 2, role: 3 };

/** The strictest access the given hooks enforce (any of them a function, an array or nothing); null: public. */
export function accessOfHooks(...hooks: unknown[]): RouteAccess | null {
  let strictest: RouteAccess | null = null;
  for (const hook of hooks.flat(2)) {
    const access = typeof hook === 'function' ? marks.get(hook) : undefined;
    if (access && (!strictest || RANK[access] > RANK[strictest])) strictest = access;
  }
  return strictest;
}
