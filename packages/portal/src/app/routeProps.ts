/** What a page gets from its route: the `:name` segments of the path (pages import it from here, not from routes.ts, which imports them). */
export interface RouteProps {
  params: Readonly<Record<string, string>>;
}
