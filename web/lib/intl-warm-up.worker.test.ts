import { afterEach, describe, expect, it, vi } from 'vitest';

type WorkerScope = { onmessage: ((event: { data: unknown }) => void) | null; close: () => void; postMessage: (message: unknown) => void };

/** The worker module loaded into a stand-in worker scope, with every Intl constructor it calls recorded. */
async function loadWorker(): Promise<{ scope: WorkerScope; built: string[] }> {
  const scope: WorkerScope = { onmessage: null, close: vi.fn(), postMessage: vi.fn() };
  const built: string[] = [];
  const recorded = (name: string, constructor: new (...args: never[]) => unknown) =>
    new Proxy(constructor, {
      construct: (target, args) => (built.push(`${name} ${String(args[0])}`), new target(...(args as never[])) as object),
    });
  vi.stubGlobal('self', scope);
  vi.stubGlobal('Intl', {
    ...Intl,
    NumberFormat: recorded('NumberFormat', Intl.NumberFormat),
    DateTimeFormat: recorded('DateTimeFormat', Intl.DateTimeFormat),
    PluralRules: recorded('PluralRules', Intl.PluralRules),
    Collator: recorded('Collator', Intl.Collator),
  });
  vi.resetModules();
  await import('./intl-warm-up.worker');
  return { scope, built };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Intl warm-up worker', () => {
  it('builds a formatter of each kind in the language it is sent, answers, then ends itself', async () => {
    const { scope, built } = await loadWorker();
    expect(built).toEqual([]);
    scope.onmessage?.({ data: 'de-AT' });
    expect(built).toEqual(['NumberFormat de-DE', 'DateTimeFormat de-DE', 'DateTimeFormat de-DE', 'PluralRules de-DE', 'Collator de-DE']);
    expect(scope.postMessage).toHaveBeenCalledExactlyOnceWith('loaded');
    expect(scope.close).toHaveBeenCalledOnce();
  });

  it('uses English for a language we do not ship, or none', async () => {
    for (const data of ['ko', '', undefined]) {
      const { scope, built } = await loadWorker();
      scope.onmessage?.({ data });
      expect(new Set(built.map((entry) => entry.split(' ')[1]))).toEqual(new Set(['en-US']));
      expect(scope.close).toHaveBeenCalledOnce();
    }
  });
});
