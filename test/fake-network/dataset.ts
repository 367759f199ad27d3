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
  /** Numeric geo id of `location` (`urn:li:fsd_geo:<geoId>`), used by the people-search `geoUrn` filter. */
  geoId: number;
  /**
   * A private profile: every read of it (profile, top card, networkinfo, its posts) answers 403 in
   * every voice (facts, "Newer evidence": "A 403 can mean … a renamed or private profile").
   */
  private?: boolean;
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
  /** The numeric id of the post; its top bits are the creation time in ms (`id >> 22`). */
  activityId: string;
  /** The URN kind the post is known by: `urn:li:activity:<id>` (default) or `urn:li:ugcPost:<id>`. */
  kind?: 'activity' | 'ugcPost';
  /** A reshare: the id of the original post (which appears in `included`, not in the list). */
  resharedPostId?: string;
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
const DAY = 24 * HOUR;

/**
 * Numeric geo ids (`urn:li:fsd_geo:<id>`) of the dataset's locations, for the people-search `geoUrn`
 * filter (facts, "Newer evidence": "Location filters by `geoUrn`"). Invented numbers, shaped like the
 * network's (8–9 digits).
 */
export const GEO = {
  arlington: 104_383_890,
  london: 90_009_496,
  boston: 102_380_872,
  manchester: 114_606_220,
  hampton: 106_521_407,
  berlin: 106_967_730,
  toronto: 100_025_096,
  sydney: 104_769_905,
  paris: 105_015_875,
} as const;

const CONNECTION_FIRST = [
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Radia',
  'Ken',
  'Sophie',
  'Tim',
  'Hedy',
  'Dennis',
];
const CONNECTION_LAST = [
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Backus',
  'Perlman',
  'Thompson',
  'Wilson',
  'Berners',
  'Lamarr',
  'Ritchie',
];
const CONNECTION_JOBS = [
  'Software engineer at Initech',
  'Data analyst at Hooli',
  'Product manager at Umbrella',
  'Researcher at Soylent Labs',
  'Designer at Vandelay',
];
const CONNECTION_CITIES: [string, number][] = [
  ['Berlin, Germany', GEO.berlin],
  ['Toronto, Ontario, Canada', GEO.toronto],
  ['Sydney, New South Wales, Australia', GEO.sydney],
  ['Paris, Île-de-France, France', GEO.paris],
  ['London, England, United Kingdom', GEO.london],
];

/**
 * Plain first-degree connections `connection-01` … so the own connection list is long enough to
 * page (57 with Ada and Margaret): profile ids `ACoAAConnection0000001` …, member numbers 2001 …,
 * connected between one day and about a year and a half ago.
 */
function plainConnections(now: number, n: number): FakeProfile[] {
  return Array.from({ length: n }, (_, i) => {
    const k = i + 1;
    const [location, geoId] = CONNECTION_CITIES[i % CONNECTION_CITIES.length]!;
    const headline = CONNECTION_JOBS[i % CONNECTION_JOBS.length]!;
    const [title, companyName] = headline.split(' at ') as [string, string];
    return {
      id: `ACoAAConnection${String(k).padStart(7, '0')}`,
      memberId: 2000 + k,
      slug: `connection-${String(k).padStart(2, '0')}`,
      firstName: CONNECTION_FIRST[i % CONNECTION_FIRST.length]!,
      lastName: `${CONNECTION_LAST[(i * 7) % CONNECTION_LAST.length]!}${k > CONNECTION_LAST.length ? ` ${k}` : ''}`,
      headline,
      location,
      geoId,
      distance: 'DISTANCE_1',
      followers: 100 + 37 * k,
      connections: 150 + 11 * k,
      positions: [{ title, companyName, start: { year: 2010 + (k % 14), month: 1 + (k % 12) } }],
      educations: [],
      skills: [],
      connectedAt: now - (1 + 9 * i) * DAY - 3 * HOUR,
    };
  });
}

/** An activity id whose top bits are the given time, as the network's ids are. */
export function activityIdAt(ms: number, salt: number): string {
  return ((BigInt(Math.floor(ms)) << 22n) | BigInt(salt & 0x3fffff)).toString();
}

/**
 * `sduiPosts`: four more DuckDB posts, only in the `sdui_2026` voice's dataset (other voices' answers
 * stay as they were), so the content-search pager has a second page (14 matches, 10 a page) and the
 * stream carries a text that begins with `$`, emoji, blank lines and hashtags.
 */
export function createDataset(
  now = Date.now(),
  options: { sduiPosts?: boolean } = {},
): FakeDataset {
  const self: FakeProfile = {
    id: 'ACoAAGraceHopper000001',
    memberId: 1001,
    slug: 'grace-hopper',
    firstName: 'Grace',
    lastName: 'Hopper',
    headline: 'Rear Admiral, compiler pioneer',
    location: 'Arlington, Virginia, United States',
    geoId: GEO.arlington,
    distance: 'SELF',
    followers: 5120,
    connections: 0, // set below: the number of first-degree connections
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
      geoId: GEO.london,
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
        {
          title: 'Translator',
          companyName: 'Babbage & Co',
          start: { year: 2015 },
          end: { year: 2021, month: 2 },
        },
      ],
      educations: [
        {
          schoolName: 'University of London',
          degreeName: 'BSc',
          fieldOfStudy: 'Mathematics',
          start: { year: 2011 },
          end: { year: 2014 },
        },
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
      geoId: GEO.boston,
      distance: 'DISTANCE_1',
      followers: 8000,
      connections: 800,
      positions: [
        {
          title: 'Director of Software Engineering',
          companyName: 'Globex',
          companyId: 2040,
          start: { year: 2019, month: 7 },
        },
      ],
      educations: [],
      // More than 20 skills: measured_2026 caps skills at 20 (facts, "Newer evidence": "Skills come capped at 20").
      skills: [
        'Software engineering',
        'Real-time systems',
        'Fault tolerance',
        'Systems design',
        'Assembly',
        'Priority scheduling',
        'Verification',
        'Testing',
        'Requirements',
        'Leadership',
        'Mentoring',
        'Technical writing',
        'Avionics',
        'Guidance systems',
        'Error recovery',
        'Human factors',
        'Reliability',
        'Formal methods',
        'Project management',
        'Flight software',
        'Asynchronous executives',
        'Mission control',
        'Code review',
        'Simulation',
      ],
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
      geoId: GEO.manchester,
      distance: 'DISTANCE_2',
      followers: 22_000,
      connections: 340,
      positions: [
        {
          title: 'Head of AI Research',
          companyName: 'Acme Robotics',
          companyId: 1035,
          start: { year: 2020, month: 1 },
        },
      ],
      educations: [
        { schoolName: 'King’s College, Cambridge', degreeName: 'PhD', fieldOfStudy: 'Mathematics' },
      ],
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
      geoId: GEO.hampton,
      distance: 'DISTANCE_3',
      followers: 3100,
      connections: 120,
      positions: [],
      educations: [],
      skills: [],
    },
    {
      // Private: every read of this profile answers 403, in every voice.
      id: 'ACoAAHiddenHal00000006',
      memberId: 1006,
      slug: 'hidden-hal',
      firstName: 'Hal',
      lastName: 'Hidden',
      headline: 'Private profile',
      location: 'Boston, Massachusetts, United States',
      geoId: GEO.boston,
      distance: 'DISTANCE_2',
      followers: 12,
      connections: 30,
      positions: [],
      educations: [],
      skills: [],
      private: true,
    },
    ...plainConnections(now, 55),
  ];
  self.connections = profiles.filter((p) => p.distance === 'DISTANCE_1').length;
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
  const margaret = profiles[2]!.id;
  const katherine = profiles[4]!.id;
  const hal = profiles[5]!.id;
  const acmeTelemetry = activityIdAt(now - 28 * HOUR, 33);
  const posts: FakePost[] = [
    {
      activityId: activityIdAt(now - 2 * HOUR, 11),
      author: { kind: 'person', profileId: ada },
      text: 'Our new compiler for AI agents ships today.',
      likes: 42,
      comments: 7,
      shares: 3,
      images: ['ada-post-1'],
    },
    {
      activityId: activityIdAt(now - 30 * HOUR, 12),
      author: { kind: 'person', profileId: ada },
      text: 'Notes on the analytical engine, part two.',
      likes: 12,
      comments: 1,
      shares: 0,
    },
    {
      activityId: activityIdAt(now - 5 * 24 * HOUR, 13),
      author: { kind: 'person', profileId: ada },
      text: 'Hiring: a poet who can program.',
      likes: 80,
      comments: 20,
      shares: 9,
      video: 'ada-video-1',
    },
    {
      activityId: activityIdAt(now - 3 * HOUR, 21),
      author: { kind: 'person', profileId: alan },
      text: 'Can machines think? A thread on AI agents and crypto.',
      likes: 300,
      comments: 45,
      shares: 30,
    },
    {
      activityId: activityIdAt(now - 50 * HOUR, 22),
      author: { kind: 'person', profileId: alan },
      text: 'The imitation game, revisited.',
      likes: 99,
      comments: 4,
      shares: 2,
    },
    {
      activityId: activityIdAt(now - 1 * HOUR, 31),
      author: { kind: 'company', companyId: 1035 },
      text: 'Acme Robotics launches AI agents for warehouses.',
      likes: 500,
      comments: 60,
      shares: 44,
      images: ['acme-launch-1', 'acme-launch-2'],
    },
    {
      activityId: activityIdAt(now - 72 * HOUR, 32),
      author: { kind: 'company', companyId: 1035 },
      text: 'We are hiring robotics engineers.',
      likes: 150,
      comments: 12,
      shares: 8,
    },
    {
      activityId: activityIdAt(now - 10 * HOUR, 41),
      author: { kind: 'company', companyId: 2040 },
      text: 'Globex quarterly update: crypto and compilers.',
      likes: 20,
      comments: 2,
      shares: 1,
    },
    // Added for the voices: posts mentioning DuckDB (mixed case), by several people and both
    // companies, over the last ten days; three of them also mention crypto.
    {
      activityId: activityIdAt(now - 20 * HOUR, 14),
      author: { kind: 'person', profileId: ada },
      text: 'Benchmarked DuckDB against my analytical engine notes: the engine lost.',
      likes: 64,
      comments: 9,
      shares: 4,
    },
    {
      activityId: activityIdAt(now - 6 * DAY, 15),
      author: { kind: 'person', profileId: ada },
      text: 'duckdb makes a laptop feel like a warehouse. Also: no, I will not talk about crypto.',
      likes: 31,
      comments: 5,
      shares: 1,
    },
    {
      activityId: activityIdAt(now - 8 * DAY, 16),
      author: { kind: 'person', profileId: ada },
      text: 'A reading list for the weekend: Menabrea, Babbage, and the DuckDB docs.',
      likes: 18,
      comments: 2,
      shares: 0,
      images: ['ada-reading-list'],
    },
    {
      activityId: acmeTelemetry,
      kind: 'ugcPost',
      author: { kind: 'company', companyId: 1035 },
      text: 'Our fleet telemetry now runs on DuckDB. Ask us how.',
      likes: 210,
      comments: 17,
      shares: 12,
      images: ['acme-duckdb-1'],
    },
    {
      activityId: activityIdAt(now - 26 * HOUR, 17),
      author: { kind: 'person', profileId: ada },
      text: 'Proud of this team.',
      likes: 9,
      comments: 0,
      shares: 0,
      resharedPostId: acmeTelemetry,
    },
    {
      activityId: activityIdAt(now - 4 * DAY, 34),
      author: { kind: 'company', companyId: 1035 },
      text: 'Robotics meetup recap: slides on DUCKDB, ROS and edge inference.',
      likes: 75,
      comments: 6,
      shares: 5,
    },
    {
      activityId: activityIdAt(now - 7 * DAY, 35),
      author: { kind: 'company', companyId: 1035 },
      text: 'Acme Robotics is 13 years old today.',
      likes: 640,
      comments: 81,
      shares: 20,
    },
    {
      activityId: activityIdAt(now - 9 * DAY, 36),
      author: { kind: 'company', companyId: 1035 },
      text: 'We do not accept payment in crypto, but we do accept DuckDB pull requests.',
      likes: 120,
      comments: 33,
      shares: 7,
    },
    {
      activityId: activityIdAt(now - 2 * DAY, 42),
      author: { kind: 'company', companyId: 2040 },
      text: 'Globex engineering blog: migrating reports from spreadsheets to duckDB.',
      likes: 44,
      comments: 3,
      shares: 6,
      video: 'globex-duckdb-talk',
    },
    {
      activityId: activityIdAt(now - 5 * HOUR, 23),
      kind: 'ugcPost',
      author: { kind: 'person', profileId: alan },
      text: 'DuckDB and the decision problem: which queries halt?',
      likes: 150,
      comments: 22,
      shares: 11,
    },
    {
      activityId: activityIdAt(now - 9.5 * DAY, 51),
      author: { kind: 'person', profileId: margaret },
      text: 'Apollo guidance had no DuckDB, but it had discipline.',
      likes: 230,
      comments: 19,
      shares: 15,
    },
    {
      activityId: activityIdAt(now - 3 * DAY, 61),
      author: { kind: 'person', profileId: katherine },
      text: 'Orbital mechanics in SQL with DuckDB, a crypto-free weekend project.',
      likes: 88,
      comments: 10,
      shares: 3,
    },
    {
      activityId: activityIdAt(now - 12 * HOUR, 71),
      author: { kind: 'person', profileId: hal },
      text: 'Private thoughts on private profiles.',
      likes: 1,
      comments: 0,
      shares: 0,
    },
  ];
  if (options.sduiPosts) {
    const frances = profiles.find((p) => p.slug === 'connection-03')!.id;
    posts.push(
      {
        activityId: activityIdAt(now - 4 * HOUR, 81),
        author: { kind: 'person', profileId: frances },
        text: '$12 a month: that is what our whole analytics stack costs now.\n\nDuckDB on one VM, Parquet on object storage. 🦆📊\nAsk me anything.',
        likes: 57,
        comments: 14,
        shares: 2,
      },
      {
        activityId: activityIdAt(now - 36 * HOUR, 52),
        author: { kind: 'person', profileId: margaret },
        text: 'Three lessons from moving flight logs to DuckDB:\n1. Keep the raw files\n2. Test every query\n3. Trust nobody’s timestamps',
        likes: 143,
        comments: 21,
        shares: 9,
      },
      {
        activityId: activityIdAt(now - 6.5 * DAY, 43),
        author: { kind: 'company', companyId: 2040 },
        text: 'Hiring: data engineers who like #DuckDB and #Rust. Remote in Oregon.',
        likes: 12,
        comments: 1,
        shares: 3,
      },
      {
        activityId: activityIdAt(now - 15 * DAY, 62),
        kind: 'ugcPost',
        author: { kind: 'person', profileId: katherine },
        text: 'Ran the trajectory tables through duckdb again. Same answer, 40× faster ✨',
        likes: 66,
        comments: 0,
        shares: 1,
      },
    );
  }
  return { self, profiles, companies, posts };
}
