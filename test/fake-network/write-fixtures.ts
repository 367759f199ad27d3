import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataset } from './dataset.js';
import * as shapes from './shapes.js';

/**
 * Writes the unit tests' fixtures (test/unit/network/fixtures/) from the fake network's shapes at a
 * fixed time, so fixture tests and the fake agree on one description of the network's answers.
 * `npx tsx test/fake-network/write-fixtures.ts`; the files are committed, not regenerated per run.
 */
const NOW = Date.parse('2026-01-15T12:00:00.000Z');
const ds = createDataset(NOW);
const dir = join(import.meta.dirname, '..', 'unit', 'network', 'fixtures');
mkdirSync(dir, { recursive: true });
const write = (name: string, body: unknown) =>
  writeFileSync(join(dir, name), `${JSON.stringify(body, null, 2)}\n`);

const profile = (slug: string) => ds.profiles.find((p) => p.slug === slug)!;
const company = (slug: string) => ds.companies.find((c) => c.slug === slug)!;
const postsOf = (pred: (p: (typeof ds.posts)[number]) => boolean) =>
  ds.posts.filter(pred).sort((a, b) => (BigInt(b.activityId) > BigInt(a.activityId) ? 1 : -1));

write('me.json', shapes.meAnswer(ds.self, false));
write('profile-ada-lovelace.json', shapes.profileAnswer(profile('ada-lovelace'), false));
write('networkinfo-ada-lovelace.json', shapes.networkInfoAnswer(profile('ada-lovelace'), false));
write('networkinfo-alan-turing.json', shapes.networkInfoAnswer(profile('alan-turing'), false));
write(
  'profile-updates-ada-lovelace.json',
  shapes.updatesAnswer(
    postsOf((p) => p.author.kind === 'person' && p.author.profileId === profile('ada-lovelace').id),
    ds,
    0,
    false,
  ),
);
write('company-acme-robotics.json', shapes.companyAnswer(company('acme-robotics'), false));
write(
  'company-updates-acme-robotics.json',
  shapes.updatesAnswer(
    postsOf((p) => p.author.kind === 'company' && p.author.companyId === 1035),
    ds,
    0,
    false,
  ),
);
write(
  'search-people.json',
  shapes.searchAnswer(
    ds.profiles
      .filter((p) => p.distance !== 'SELF')
      .map((p) => ({ entityResult: shapes.personResult(p) })),
    0,
    4,
    false,
    false,
  ),
);
write(
  'search-content.json',
  shapes.searchAnswer(
    postsOf((p) => /ai agents|compiler/i.test(p.text)).map((p) => ({
      searchFeedUpdate: { update: shapes.feedUpdate(p, ds) },
    })),
    0,
    4,
    false,
    false,
  ),
);
write(
  'connections.json',
  shapes.connectionsAnswer(
    ds.profiles
      .filter((p) => p.distance === 'DISTANCE_1')
      .sort((a, b) => (b.connectedAt ?? 0) - (a.connectedAt ?? 0)),
    0,
    2,
    false,
  ),
);
write('comment-created.json', {
  data: {
    $type: 'com.linkedin.voyager.dash.social.Comment',
    entityUrn: `urn:li:fsd_comment:(7000000,urn:li:activity:${ds.posts[0]!.activityId})`,
  },
  included: [],
});
write('invitation-created.json', {
  data: {
    value: {
      $type: 'com.linkedin.voyager.dash.relationships.InvitationCreationResult',
      invitationUrn: 'urn:li:fsd_invitation:7100000000',
    },
  },
  included: [],
});
write('message-created.json', {
  data: {
    value: {
      $type: 'com.linkedin.messenger.Message',
      deliveredAt: NOW,
      conversationUrn:
        'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAGraceHopper000001,2-QUNvQUFBZGFMb3ZlbGFjZTAwMDAwMg)',
    },
  },
  included: [],
});
console.log(`fixtures written to ${dir}`);
