import type { CallBody, CallDef } from '#contract/call.ts';

/**
 * The query of a server-side paged list, read from the page address (?pageCurrent=2&mobile=138…), so a filtered
 * page can be reloaded, bookmarked and shared. Values the call's own schema refuses are dropped one by one rather
 * than failing the page: a hand-edited address still shows a list.
 */
export function pageQueryFrom<C extends CallDef>(request: Request, call: C): CallBody<C> {
  const raw: Record<string, string> = {};
  for (const [k, v] of new URL(request.url).searchParams) if (v !== '') raw[k] = v;
  for (;;) {
    const parsed = call.body.safeParse(raw);
    if (parsed.success) return raw as CallBody<C>;
    const bad = parsed.error.issues.map((i) => String(i.path[0] ?? '')).filter((k) => k in raw);
    if (bad.length === 0) return {} as CallBody<C>;
    for (const k of bad) delete raw[k];
  }
}
