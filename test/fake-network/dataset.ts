/**
 * The fake network's people, companies and posts. Small, but shaped like the real thing: profile ids
 * `ACoAA…`, member numbers, activity ids that encode their creation time (`ms << 22`).
 */

export type Distance = 'SELF' | 'DISTANCE_1' | 'DISTANCE_2' | 'DISTANCE_3' | 'OUT_OF_NETWORK';

export interface FakeDate {
  year: number;
  month?: number;
}
export interface FakePosition {
  title: string;
  companyName: string;
  companyId?: number;
  locationName?: string;
  description?: string;
  start: FakeDate;
  end?: FakeDate;
}
export interface FakeEducation {
  schoolName: string;
  degreeName?: string;
  fieldOfStudy?: string;
  start?: FakeDate;
  end?: FakeDate;
}
export interface FakeProfile {
  id: string;
  memberId: number;
  slug: string;
  firstName: string;
  lastName: string;
  headline: string;
  summary?: string;
  location: string;
  distance: Distance;
  followers: number;
  connections: number;
  positions: FakePosition[];
  educations: FakeEducation[];
  skills: string[];
  /** First-degree connections only: when the connection was made. */
  connectedAt?: number;
}
export interface FakeCompany {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  description: string;
  website: string;
  industries: string[];
  staffCount: number;
  staffRange: { start: number; end?: number };
  hq: { city: string; country: string; geographicArea: string };
  specialities: string[];
  foundedYear: number;
  followers: number;
}
export interface FakePost {
  activityId: string;
  author: { kind: 'person'; profileId: string } | { kind: 'company'; companyId: number };
  text: string;
  likes: number;
  comments: number;
  shares: number;
  images?: string[];
  video?: string;
}
export interface FakeDataset {
  self: FakeProfile;
  profiles: FakeProfile[];
  companies: FakeCompany[];
  posts: FakePost[];
}

const HOUR = 3_600_000;

/** An activity id whose top bits are the given time, as the network's ids are. */
export function activityIdAt(ms: number, salt: number): string {
  return ((BigInt(Math.floor(ms)) << 22n) | BigInt(salt & 0x3fffff)).toString();
}

export function createDataset(now = Date.now()): FakeDataset {
  const self: FakeProfile = {
    id: 'ACoAAGraceHopper000001',
    memberId: 1001,
    slug: 'grace-hopper',
    firstName: 'Grace',
    lastName: 'Hopper',
    headline: 'Rear Admiral, compiler pioneer',
    location: 'Arlington, Virginia, United States',
    distance: 'SELF',
    followers: 5120,
    connections: 2,
    positions: [],
    educations: [],
    skills: ['COBOL'],
  };
  const profiles: FakeProfile[] = [
    self,
    {
      id: 'ACoAAAdaLovelace000002',
      memberId: 1002,
      slug: 'ada-lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      headline: 'Analyst of engines at Acme Robotics',
      summary: 'I write programs for machines that do not exist yet.',
      location: 'London, England, United Kingdom',
      distance: 'DISTANCE_1',
      followers: 10_432,
      connections: 500,
      positions: [
        {
          title: 'Chief Analyst',
          companyName: 'Acme Robotics',
          companyId: 1035,
          locationName: 'London',
          description: 'Notes on the analytical engine.',
          start: { year: 2021, month: 3 },
        },
        { title: 'Translator', companyName: 'Babbage & Co', start: { year: 2015 }, end: { year: 2021, month: 2 } },
      ],
      educations: [
        { schoolName: 'University of London', degreeName: 'BSc', fieldOfStudy: 'Mathematics', start: { year: 2011 }, end: { year: 2014 } },
      ],
      skills: ['Mathematics', 'Programming', 'Poetical science'],
      connectedAt: now - 400 * 24 * HOUR,
    },
    {
      id: 'ACoAAMargaretHamilton03',
      memberId: 1003,
      slug: 'margaret-hamilton',
      firstName: 'Margaret',
      lastName: 'Hamilton',
      headline: 'Director of Software Engineering at Globex',
      location: 'Boston, Massachusetts, United States',
      distance: 'DISTANCE_1',
      followers: 8000,
      connections: 800,
      positions: [{ title: 'Director of Software Engineering', companyName: 'Globex', companyId: 2040, start: { year: 2019, month: 7 } }],
      educations: [],
      skills: ['Software engineering'],
      connectedAt: now - 30 * 24 * HOUR,
    },
    {
      id: 'ACoAAAlanTuring0000004',
      memberId: 1004,
      slug: 'alan-turing',
      firstName: 'Alan',
      lastName: 'Turing',
      headline: 'Head of AI Research at Acme Robotics',
      location: 'Manchester, England, United Kingdom',
      distance: 'DISTANCE_2',
      followers: 22_000,
      connections: 340,
      positions: [{ title: 'Head of AI Research', companyName: 'Acme Robotics', companyId: 1035, start: { year: 2020, month: 1 } }],
      educations: [{ schoolName: 'King’s College, Cambridge', degreeName: 'PhD', fieldOfStudy: 'Mathematics' }],
      skills: ['Cryptanalysis', 'Machine learning'],
    },
    {
      id: 'ACoAAKatherineJohnson05',
      memberId: 1005,
      slug: 'katherine-johnson',
      firstName: 'Katherine',
      lastName: 'Johnson',
      headline: 'Research Mathematician at Globex',
      location: 'Hampton, Virginia, United States',
      distance: 'DISTANCE_3',
      followers: 3100,
      connections: 120,
      positions: [],
      educations: [],
      skills: [],
    },
  ];
  const companies: FakeCompany[] = [
    {
      id: 1035,
      slug: 'acme-robotics',
      name: 'Acme Robotics',
      tagline: 'Robots that help',
      description: 'Acme Robotics builds helpful machines.',
      website: 'https://acme-robotics.example',
      industries: ['Robotics Engineering'],
      staffCount: 120,
      staffRange: { start: 51, end: 200 },
      hq: { city: 'London', country: 'GB', geographicArea: 'England' },
      specialities: ['Robotics', 'AI agents'],
      foundedYear: 2012,
      followers: 48_000,
    },
    {
      id: 2040,
      slug: 'globex',
      name: 'Globex',
      tagline: 'Global exports',
      description: 'Globex Corporation.',
      website: 'https://globex.example',
      industries: ['Software Development', 'Aerospace'],
      staffCount: 10_500,
      staffRange: { start: 10_001 },
      hq: { city: 'Cypress Creek', country: 'US', geographicArea: 'Oregon' },
      specialities: [],
      foundedYear: 1989,
      followers: 120_000,
    },
  ];
  const ada = profiles[1]!.id;
  const alan = profiles[3]!.id;
  const posts: FakePost[] = [
    { activityId: activityIdAt(now - 2 * HOUR, 11), author: { kind: 'person', profileId: ada }, text: 'Our new compiler for AI agents ships today.', likes: 42, comments: 7, shares: 3, images: ['ada-post-1'] },
    { activityId: activityIdAt(now - 30 * HOUR, 12), author: { kind: 'person', profileId: ada }, text: 'Notes on the analytical engine, part two.', likes: 12, comments: 1, shares: 0 },
    { activityId: activityIdAt(now - 5 * 24 * HOUR, 13), author: { kind: 'person', profileId: ada }, text: 'Hiring: a poet who can program.', likes: 80, comments: 20, shares: 9, video: 'ada-video-1' },
    { activityId: activityIdAt(now - 3 * HOUR, 21), author: { kind: 'person', profileId: alan }, text: 'Can machines think? A thread on AI agents and crypto.', likes: 300, comments: 45, shares: 30 },
    { activityId: activityIdAt(now - 50 * HOUR, 22), author: { kind: 'person', profileId: alan }, text: 'The imitation game, revisited.', likes: 99, comments: 4, shares: 2 },
    { activityId: activityIdAt(now - 1 * HOUR, 31), author: { kind: 'company', companyId: 1035 }, text: 'Acme Robotics launches AI agents for warehouses.', likes: 500, comments: 60, shares: 44, images: ['acme-launch-1', 'acme-launch-2'] },
    { activityId: activityIdAt(now - 72 * HOUR, 32), author: { kind: 'company', companyId: 1035 }, text: 'We are hiring robotics engineers.', likes: 150, comments: 12, shares: 8 },
    { activityId: activityIdAt(now - 10 * HOUR, 41), author: { kind: 'company', companyId: 2040 }, text: 'Globex quarterly update: crypto and compilers.', likes: 20, comments: 2, shares: 1 },
  ];
  return { self, profiles, companies, posts };
}
