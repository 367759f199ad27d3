import type { FakeDataset, FakeProfile } from './dataset.js';

/**
 * Who is signed in, and who else is on the network, when a test needs more than the dataset's
 * own: two members of one team each run their own browser, signed in to their own account, so each
 * gets a fake network of their own (`member`), with the same people in it. `strangers`: that many
 * more second-degree people (`stranger-01`, …), whom a member can invite, beside Alan and Katherine.
 */
export interface FakeMemberIdentity {
  /** The profile id, `ACoAA…`. */
  id: string;
  memberId: number;
  slug: string;
  firstName: string;
  lastName: string;
  headline: string;
}

export interface FakeAccountOptions {
  /** The signed-in member instead of Grace Hopper (the same people, connections and posts). */
  member?: FakeMemberIdentity;
  strangers?: number;
}

/** A stranger's profile id: `ACoAAStranger` and nine digits, as long as the dataset's ids. */
export const strangerId = (n: number) => `ACoAAStranger${String(n).padStart(9, '0')}`;
export const strangerSlug = (n: number) => `stranger-${String(n).padStart(2, '0')}`;

/** The dataset as these options say, changed in place before anything reads it. */
export function withAccount(ds: FakeDataset, options: FakeAccountOptions): FakeDataset {
  if (options.member) Object.assign(ds.self, options.member);
  for (let n = 1; n <= (options.strangers ?? 0); n++) {
    const stranger: FakeProfile = {
      id: strangerId(n),
      memberId: 3000 + n,
      slug: strangerSlug(n),
      firstName: `Stranger${n}`,
      lastName: 'Example',
      headline: `Engineer ${n} at Initech`,
      location: 'Manchester, England, United Kingdom',
      geoId: ds.profiles.find((p) => p.slug === 'alan-turing')!.geoId,
      distance: 'DISTANCE_2',
      followers: 100 + n,
      connections: 200 + n,
      positions: [{ title: 'Engineer', companyName: 'Initech', start: { year: 2021, month: 3 } }],
      educations: [],
      skills: [],
    };
    ds.profiles.push(stranger);
  }
  return ds;
}
