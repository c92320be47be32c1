// The oracle sets the route plan of each run; a router takes its routes in turn.
export function nextRoute(router: string): string {
  const plan = (globalThis as any).oracleScenario ?? {};
  const routes: string[] = plan[router] ?? ['default'];
  const taken = ((globalThis as any).oracleTaken ??= {});
  const index = taken[router] ?? 0;
  taken[router] = index + 1;
  return routes[Math.min(index, routes.length - 1)];
}
