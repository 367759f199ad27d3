/**
 * What each plan allows (spec, Limits 2: plans cap watchlists, keywords per watchlist and profiles
 * per people watchlist; and sequences, so no team's grow without bound). A team's plan is `teams.plan`, set by the operator with
 * `npm run ops -- set-plan <team id or member e-mail> <plan>`. A plan name the table does not know
 * (an old row) is held to the free plan's caps.
 */
interface Plan {
  /** Watchlists of all types together. */
  watchlists: number;
  keywordsPerWatchlist: number;
  profilesPerPeopleWatchlist: number;
  companiesPerCompanyWatchlist: number;
  /** Calls to the team's model per UTC day (docs/ai.md): drafts, and replies classified. */
  aiDrafts: number;
  aiClassifications: number;
  sequences: number;
}

export const PLANS = {
  free: {
    watchlists: 3,
    keywordsPerWatchlist: 5,
    profilesPerPeopleWatchlist: 25,
    companiesPerCompanyWatchlist: 10,
    aiDrafts: 20,
    aiClassifications: 200,
    sequences: 3,
  },
  pro: {
    watchlists: 50,
    keywordsPerWatchlist: 50,
    profilesPerPeopleWatchlist: 500,
    companiesPerCompanyWatchlist: 200,
    aiDrafts: 500,
    aiClassifications: 5000,
    sequences: 50,
  },
  business: {
    watchlists: 500,
    keywordsPerWatchlist: 200,
    profilesPerPeopleWatchlist: 5000,
    companiesPerCompanyWatchlist: 2000,
    aiDrafts: 5000,
    aiClassifications: 50000,
    sequences: 500,
  },
} as const satisfies Record<string, Plan>;

type PlanName = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

export function isPlanName(name: string): name is PlanName {
  return Object.hasOwn(PLANS, name);
}

/** The caps of a team's plan, and the name they are reported under. */
export function planOf(name: string): { name: PlanName; limits: Plan } {
  const known: PlanName = isPlanName(name) ? name : 'free';
  return { name: known, limits: PLANS[known] };
}
