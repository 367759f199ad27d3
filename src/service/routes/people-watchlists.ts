import {
  CreatePeopleWatchlistBody,
  CreatePeopleWatchlistResponse,
  PeopleWatchlistList,
  PeopleWatchlistView,
} from '../../contract/watchlists.js';
import { listWatchlistRoutes } from './list-watchlist-routes.js';

const IDENTIFIER_FORMS =
  'Profiles, in any mix: a profile URL (with or without scheme, `www`, trailing slash), a bare slug, ' +
  '`urn:li:fs_profileView:<id>`, `urn:li:fsd_profile:<id>`, `urn:li:member:<id>`, or the bare id. Duplicates fold into one.';

/** People watchlists (spec "People watchlists"). */
export const peopleWatchlistRoutes = listWatchlistRoutes({
  kind: 'people',
  path: '/api-people-watchlist',
  noun: 'profiles',
  createBody: CreatePeopleWatchlistBody,
  createResponse: CreatePeopleWatchlistResponse,
  list: PeopleWatchlistList,
  view: PeopleWatchlistView,
  create: {
    summary: 'Create a people watchlist; its tracking tasks are queued at once',
    description: `${IDENTIFIER_FORMS} \`list_id\` adds them to an existing people list of the team instead of a new one.`,
    badEntries: 'Missing profiles, or `Invalid profile identifiers: …` naming the bad entries',
    example: {
      profiles: [
        'https://www.linkedin.com/in/ada-lovelace/',
        'urn:li:fsd_profile:ACoAAAGraceHopper',
      ],
      name: 'Pioneers',
    },
  },
  entries: (b) => ({
    entries: b.profiles,
    name: b.name,
    description: b.description,
    list_id: b.list_id,
  }),
  countField: 'profiles_count',
});
