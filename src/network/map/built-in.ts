import type { MapAlternative, MapTemplate, NetworkMap } from '../../contract/network-map.js';

/**
 * The network map this release ships with (format: docs/network-map.md; facts:
 * docs/network-internal-api.md). Alternatives are in order of preference: the newest public evidence
 * first (2026), the older form after it as the fallback where sources disagree. A typed literal, not
 * a parse: the worker hands it to the tab in `task:start`, and the service may replace it with a
 * newer version in the heartbeat answer.
 */

const FULL_PROFILE = 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93';
const TOP_CARD = 'com.linkedin.voyager.dash.deco.identity.profile.TopCardSupplementary-130';
const TOP_CARD_CORE = 'com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16';
const SEARCH_CLUSTERS = 'com.linkedin.voyager.dash.deco.search.SearchClusterCollection-186';
const SEARCH_QUERY_ID = 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0';
const PROFILE_UPDATES_QUERY_ID = 'voyagerFeedDashProfileUpdates.4af00b28d60ed0f1488018948daad822';
const REACTION_MUTATION_QUERY_ID = 'voyagerSocialDashReactions.b731222600772fd42464c0fe19bd722b';

/**
 * The REST search (`search/dash/clusters`, no queryId): `queryParameters:(key:List(…))`, results
 * normalised at `data.elements[].items[].itemUnion`; `item` is the part of the item read.
 */
function restSearch(
  id: string,
  resultType: 'PEOPLE' | 'CONTENT',
  filters: Record<string, MapTemplate>,
  item: string,
): MapAlternative {
  return {
    id,
    method: 'GET',
    path: 'search/dash/clusters',
    query: [
      ['decorationId', SEARCH_CLUSTERS],
      ['origin', 'GLOBAL_SEARCH_HEADER'],
      ['q', 'all'],
      [
        'query',
        {
          restli: {
            keywords: '{keywords}',
            flagshipSearchIntent: 'SEARCH_SRP',
            queryParameters: { resultType: [resultType], ...filters },
            includeFiltersInResponse: false,
          },
        },
      ],
      ['start', '{start}'],
      ['count', '{count}'],
    ],
    next_on: READ_STATUSES,
    read: {
      list: [
        `data.elements[].items[].itemUnion${item}`,
        `data.elements[].items[].item${item}`,
        `elements[].items[].itemUnion${item}`,
      ],
      total: ['data.paging.total', 'paging.total'],
    },
    paging: { by: 'start', max_count: 49 },
  };
}

/** The GraphQL search (`voyagerSearchDashClusters.<hash>`): `queryParameters:List((key:…,value:List(…)))`, asked as plain JSON. */
function graphqlSearch(
  id: string,
  resultType: 'PEOPLE' | 'CONTENT',
  filters: MapTemplate[],
  item: string,
): MapAlternative {
  const variables = {
    start: '{start}',
    count: '{count}',
    origin: 'GLOBAL_SEARCH_HEADER',
    query: {
      keywords: '{keywords}',
      flagshipSearchIntent: 'SEARCH_SRP',
      queryParameters: [{ key: 'resultType', value: [resultType] }, ...filters],
      includeFiltersInResponse: false,
    },
  };
  return {
    id,
    method: 'GET',
    path: 'graphql',
    accept: 'json',
    query: [
      ['variables', { restli: variables }],
      ['queryId', SEARCH_QUERY_ID],
    ],
    next_on: READ_STATUSES,
    read: {
      list: [
        `data.searchDashClustersByAll.elements[].items[].item${item}`,
        `data.data.searchDashClustersByAll.elements[].items[].item${item}`,
      ],
      total: [
        'data.searchDashClustersByAll.paging.total',
        'data.data.searchDashClustersByAll.paging.total',
      ],
    },
    paging: { by: 'start', max_count: 49 },
  };
}

/**
 * The messaging GraphQL path (docs/network-internal-api.md, "Relationship lifecycle"). Its queryId
 * hashes differ across sources and rotate: the ones public clients name first, then the one the
 * messaging page itself names (learned once a session).
 */
function messagingQuery(
  id: string,
  name: 'messengerConversations' | 'messengerMessages',
  /** null: the hash the messaging page names. */
  hash: string | null,
  variables: MapTemplate,
  read: { roots: string[]; token?: boolean },
  source?: string,
): MapAlternative {
  const at = (suffix: string) =>
    read.roots.flatMap((root) => [`data.data.${root}.${suffix}`, `data.${root}.${suffix}`]);
  return {
    id,
    method: 'GET',
    path: 'voyagerMessagingGraphQL/graphql',
    query: [
      ['queryId', hash ? `${name}.${hash}` : '{query_id}'],
      ['variables', { restli: variables }],
    ],
    // A stale hash answers 400; a 404 is about the conversation asked for, not the way.
    next_on: [400, 405, 410],
    ...(hash ? {} : { learn: `/messaging/ ${name}` }),
    read: { list: at('elements[]'), ...(read.token ? { token: at('metadata.nextCursor') } : {}) },
    // At most 20 a page: a count above ~25 answers an empty set, not an error.
    paging: { by: 'token', max_count: 20 },
    ...(source ? { source } : {}),
  };
}
const INBOX_VARIABLES = {
  query: { predicateUnions: [{ conversationCategoryPredicate: { category: 'PRIMARY_INBOX' } }] },
  count: '{count}',
  mailboxUrn: '{mailbox_urn}',
  nextCursor: '{cursor}',
  lastUpdatedBefore: '{before}',
};
const MESSAGES_VARIABLES = { conversationUrn: '{conversation_urn}' };

/**
 * The message call (`createMessage`, docs/network-internal-api.md): its alternatives differ only in
 * where the recipient, or the conversation of a reply, goes: inside `message` or beside `mailboxUrn`.
 */
function createMessage(
  id: string,
  requires: 'recipient_urn' | 'conversation_urn',
  inMessage: Record<string, MapTemplate>,
  topLevel: Record<string, MapTemplate>,
  source?: string,
): MapAlternative {
  return {
    id,
    method: 'POST',
    path: 'voyagerMessagingDashMessengerMessages',
    query: [['action', 'createMessage']],
    requires: [requires],
    body: {
      message: {
        body: { text: '{text}', attributes: [] },
        renderContentUnions: [],
        ...inMessage,
        originToken: '{origin_token}',
      },
      ...topLevel,
      mailboxUrn: '{mailbox_urn}',
      trackingId: '{tracking_id}',
      dedupeByClientGeneratedToken: false,
    },
    next_on: [400, 410],
    read: { one: ['data', 'value'] },
    ...(source ? { source } : {}),
  };
}

const WITHDRAW_REQUEST = 'com.linkedin.sdui.requests.mynetwork.addaWithdrawInvitation';
const SENT_PAGER = 'com.linkedin.sdui.pagers.mynetwork.invitationManagerSent';
const SENT_SCREEN = 'com.linkedin.sdui.flagshipnav.mynetwork.InvitationManagerSent';

const PROFILE_ENTITY = ['data.elements[0]', '@Profile'];
const READ_STATUSES = [400, 404, 405, 410];

/**
 * A server-driven list's next window (`POST …/rsc-action/actions/pagination?sduiid=<pager>`): the
 * body the web app sends, in which only the payload varies by list (docs/network-internal-api.md,
 * "Server-driven screens").
 */
function sduiPager(
  id: string,
  pager: string,
  screen: string,
  payload: Record<string, MapTemplate>,
  names: Record<string, string[]>,
): MapAlternative {
  const requestedArguments = {
    $type: 'proto.sdui.actions.requests.RequestedArguments',
    requestedStateKeys: [],
    payload,
    requestMetadata: { $type: 'proto.sdui.common.RequestMetadata' },
  };
  return {
    id,
    kind: 'sdui',
    method: 'POST',
    path: 'pagination',
    query: [['sduiid', pager]],
    body: {
      pagerId: pager,
      clientArguments: {
        ...requestedArguments,
        states: [],
        screenId: screen,
        knownTemplateIds: [],
      },
      paginationRequest: {
        $type: 'proto.sdui.actions.requests.PaginationRequest',
        pagerId: pager,
        trigger: {
          $case: 'itemDistanceTrigger',
          itemDistanceTrigger: {
            $type: 'proto.sdui.actions.requests.ItemDistanceTrigger',
            preloadDistance: 3,
            preloadLength: 1500,
          },
        },
        retryCount: 2,
        requestedArguments,
      },
    },
    next_on: READ_STATUSES,
    read: { names },
  };
}

export const BUILT_IN_NETWORK_MAP: NetworkMap = {
  format: 3,
  version: 3,
  pacing: { between_pages_ms: [400, 1200] },
  calls: {
    me: [{ id: 'me', method: 'GET', path: 'me', read: { one: ['data'] } }],

    profile: [
      {
        id: 'dash-full-profile',
        method: 'GET',
        path: 'identity/dash/profiles',
        query: [
          ['q', 'memberIdentity'],
          ['memberIdentity', '{identity}'],
          ['decorationId', FULL_PROFILE],
        ],
        next_on: READ_STATUSES,
        read: { one: PROFILE_ENTITY },
        source: 'FullProfileWithEntities-93 measured working 2026-10',
      },
      {
        id: 'dash-full-profile-91',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'identity/dash/profiles',
        query: [
          ['q', 'memberIdentity'],
          ['memberIdentity', '{identity}'],
          [
            'decorationId',
            'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-91',
          ],
        ],
        read: { one: PROFILE_ENTITY },
      },
    ],

    // Distance, pending invitation and the counts the network still gives. networkinfo answers 410
    // since 2026; the top card's MemberRelationship replaced it.
    profile_relationship: [
      {
        id: 'top-card-supplementary',
        method: 'GET',
        path: 'identity/dash/profiles',
        query: [
          ['q', 'memberIdentity'],
          ['memberIdentity', '{identity}'],
          ['decorationId', TOP_CARD],
        ],
        next_on: READ_STATUSES,
        read: { one: PROFILE_ENTITY },
        source: 'newer evidence 2026-10: MemberRelationship of a top-card decoration',
      },
      {
        id: 'top-card-core',
        method: 'GET',
        path: 'identity/dash/profiles',
        query: [
          ['q', 'memberIdentity'],
          ['memberIdentity', '{identity}'],
          ['decorationId', TOP_CARD_CORE],
        ],
        next_on: READ_STATUSES,
        read: { one: PROFILE_ENTITY },
      },
      {
        id: 'networkinfo',
        method: 'GET',
        path: 'identity/profiles/{identity}/networkinfo',
        next_on: READ_STATUSES,
        read: { one: ['data'] },
        source: 'older form; 410 since 2026',
      },
    ],

    profile_posts: [
      {
        id: 'profile-updates-v2',
        method: 'GET',
        path: 'identity/profileUpdatesV2',
        query: [
          ['q', 'memberShareFeed'],
          ['moduleKey', 'member-shares:phone'],
          ['profileUrn', '{profile_urn}'],
          ['count', '{count}'],
          ['start', '{start}'],
          ['paginationToken', '{pagination_token}'],
          ['includeLongTermHistory', 'true'],
        ],
        next_on: READ_STATUSES,
        // `data.*elements` only: `included` also holds reshared originals.
        read: {
          list: ['data.elements[]'],
          token: ['data.metadata.paginationToken', 'metadata.paginationToken'],
        },
        paging: { by: 'token', max_count: 100 },
      },
      {
        id: 'graphql-profile-updates',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'graphql',
        query: [
          [
            'variables',
            {
              restli: {
                count: '{count}',
                start: '{start}',
                profileUrn: '{profile_urn}',
                paginationToken: '{pagination_token}',
              },
            },
          ],
          ['queryId', PROFILE_UPDATES_QUERY_ID],
        ],
        read: {
          list: [
            'data.data.feedDashProfileUpdatesByMemberShareFeed.elements[]',
            'data.feedDashProfileUpdatesByMemberShareFeed.elements[]',
          ],
          token: [
            'data.data.feedDashProfileUpdatesByMemberShareFeed.metadata.paginationToken',
            'data.feedDashProfileUpdatesByMemberShareFeed.metadata.paginationToken',
          ],
        },
        paging: { by: 'token', max_count: 50 },
      },
    ],

    company: [
      {
        id: 'universal-name',
        method: 'GET',
        path: 'organization/companies',
        query: [
          ['decorationId', 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12'],
          ['q', 'universalName'],
          ['universalName', '{slug}'],
        ],
        next_on: READ_STATUSES,
        read: { one: ['data.elements[0]', '@Company'] },
      },
      {
        id: 'universal-name-28',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'organization/companies',
        query: [
          ['decorationId', 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-28'],
          ['q', 'universalName'],
          ['universalName', '{slug}'],
        ],
        read: { one: ['data.elements[0]', '@Company'] },
      },
    ],

    company_posts: [
      {
        id: 'organization-updates-v2',
        method: 'GET',
        path: 'organization/updatesV2',
        query: [
          ['q', 'companyRelevanceFeed'],
          ['companyIdOrUniversalName', '{slug}'],
          ['moduleKey', 'ORGANIZATION_MEMBER_FEED_DESKTOP'],
          ['count', '{count}'],
          ['start', '{start}'],
          ['paginationToken', '{pagination_token}'],
          ['numComments', '0'],
          ['numLikes', '0'],
        ],
        next_on: READ_STATUSES,
        read: {
          list: ['data.elements[]'],
          token: ['data.metadata.paginationToken', 'metadata.paginationToken'],
        },
        paging: { by: 'start', max_count: 100 },
        source: 'newer evidence 2026-10: companyFeedByUniversalName answered 400, this answered',
      },
      {
        id: 'feed-updates-company-feed',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'feed/updates',
        query: [
          ['q', 'companyFeedByUniversalName'],
          ['companyUniversalName', '{slug}'],
          ['moduleKey', 'member-share'],
          ['count', '{count}'],
          ['start', '{start}'],
          ['paginationToken', '{pagination_token}'],
        ],
        read: {
          list: ['data.elements[]'],
          token: ['data.metadata.paginationToken', 'metadata.paginationToken'],
        },
        paging: { by: 'start', max_count: 100 },
      },
    ],

    people_search: [
      {
        ...restSearch(
          'rest-search-clusters',
          'PEOPLE',
          { network: '{network}', currentCompany: '{current_company}', geoUrn: '{geo}' },
          '.entityResult',
        ),
        source: 'newer evidence 2026-10: needs no queryId',
      },
      {
        ...graphqlSearch(
          'graphql-search-clusters',
          'PEOPLE',
          [
            { $if: 'network', key: 'network', value: '{network}' },
            { $if: 'current_company', key: 'currentCompany', value: '{current_company}' },
            { $if: 'geo', key: 'geoUrn', value: '{geo}' },
          ],
          '.entityResult',
        ),
        source: '2023 queryId; a stale one answers 400',
      },
    ],

    // Posts by keyword. The web app's own way in 2026 is the results page's server-driven pager:
    // posts found by meaning (src/network/read/stream-posts.ts), one search id per cycle. The JSON
    // searches after it answer items of three kinds (full updates, entity results, hollow URNs);
    // src/network/read/search-items.ts tells them apart, so their list is of the items themselves.
    content_search: [
      {
        ...sduiPager(
          'sdui-content-search-pager',
          'com.linkedin.sdui.search.contentSearchResults',
          'com.linkedin.sdui.flagshipnav.search.SearchResultsContent',
          {
            startIndex: '{start}',
            keywords: '{keywords}',
            count: '{count}',
            sortBy: ['date_posted'],
            postedBy: [],
            datePosted: ['{date_posted}'],
            contentType: [],
            fromMember: [],
            mentionsOrganization: [],
            mentionsMember: [],
            fromOrganization: [],
            authorCompany: [],
            authorIndustry: [],
            authorJobTitle: [],
            spellCheckEnabled: true,
            clusterStartPosition: '{start}',
            searchId: '{search_id}',
          },
          {
            post: ['feed-full-update'],
            author: ['feed-actor'],
            headline: ['feed-actor-description'],
            time: ['feed-actor-sub-description'],
            text: ['feed-commentary'],
            comments: ['commentCount-'],
            shares: ['repostCount-'],
            reactions: ['ReactionType_'],
            reactions_total: ['reactionsCount-'],
            // What stands between a state key's prefix (and a reaction's kind) and the URN.
            state_key_separators: ['-', '_'],
          },
        ),
        paging: { by: 'start', max_count: 10 },
        source:
          'measured 2026-10: the results page loads its posts through this pager; REST content results come hollow',
      },
      restSearch(
        'rest-search-clusters-content',
        'CONTENT',
        { sortBy: ['date_posted'], datePosted: '{date_posted}' },
        '',
      ),
      graphqlSearch(
        'graphql-search-clusters-content',
        'CONTENT',
        [
          { key: 'sortBy', value: ['date_posted'] },
          { $if: 'date_posted', key: 'datePosted', value: '{date_posted}' },
        ],
        '',
      ),
    ],

    // One update by its URN: resolves hollow search results.
    post: [
      {
        id: 'feed-update-by-urn',
        method: 'GET',
        path: 'feed/updates/{post_urn}',
        next_on: READ_STATUSES,
        read: { one: ['data', '@UpdateV2'] },
        source: 'measured 2026-08 from a signed-in browser session',
      },
      {
        id: 'activity-by-urn',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'feed/updates',
        query: [
          ['q', 'activityByUrn'],
          ['activityUrn', '{post_urn}'],
          ['decorationId', 'com.linkedin.voyager.deco.feed.FeedUpdate-4'],
        ],
        read: { one: ['data.elements[0]', 'data', '@UpdateV2'] },
      },
    ],

    connections: [
      {
        id: 'dash-connections',
        method: 'GET',
        next_on: READ_STATUSES,
        path: 'relationships/dash/connections',
        query: [
          [
            'decorationId',
            'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
          ],
          ['q', 'search'],
          ['sortType', 'RECENTLY_ADDED'],
          ['start', '{start}'],
          ['count', '{count}'],
        ],
        read: { list: ['data.elements[]'], total: ['data.paging.total', 'paging.total'] },
        paging: { by: 'start', max_count: 40 },
      },
    ],

    like: [
      {
        id: 'rest-reaction',
        method: 'POST',
        path: 'voyagerSocialDashReactions',
        query: [['threadUrn', '{thread_urn}']],
        body: { reactionType: '{reaction_type}' },
        next_on: [400, 405, 410],
        read: { one: ['data', 'value'] },
        source: 'REST reaction answered 201 in 2026-07',
      },
      {
        id: 'graphql-reaction',
        method: 'POST',
        path: 'graphql',
        query: [
          ['action', 'execute'],
          ['queryId', REACTION_MUTATION_QUERY_ID],
        ],
        body: {
          variables: { entity: { reactionType: '{reaction_type}' }, threadUrn: '{thread_urn}' },
          queryId: REACTION_MUTATION_QUERY_ID,
        },
        read: {
          one: ['data.data.createSocialDashReactions', 'data.createSocialDashReactions', 'data'],
        },
      },
    ],

    // The page goes in the body (entity.actorUrn): no public source knows a query parameter for it,
    // and one the network ignored would act as the member while we report the page.
    like_as_page: [
      {
        id: 'graphql-reaction-as-page',
        method: 'POST',
        path: 'graphql',
        query: [
          ['action', 'execute'],
          ['queryId', REACTION_MUTATION_QUERY_ID],
        ],
        requires: ['actor_urn'],
        body: {
          variables: {
            entity: { reactionType: '{reaction_type}', actorUrn: '{actor_urn}' },
            threadUrn: '{thread_urn}',
          },
          queryId: REACTION_MUTATION_QUERY_ID,
        },
        read: {
          one: ['data.data.createSocialDashReactions', 'data.createSocialDashReactions', 'data'],
        },
        source: 'newer evidence: entity.actorUrn in the GraphQL reaction',
      },
    ],

    comment: [
      {
        id: 'norm-comments',
        method: 'POST',
        path: 'voyagerSocialDashNormComments',
        query: [['decorationId', 'com.linkedin.voyager.dash.deco.social.NormComment-43']],
        body: {
          commentary: {
            text: '{text}',
            attributesV2: [],
            $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
          },
          threadUrn: '{thread_urn}',
          nonMemberActorUrn: '{actor_urn}',
        },
        // A refused body (400) is a comment not made: the next way may name the page differently.
        next_on: [400, 405, 410],
        read: { one: ['data', 'value'] },
        source: 'nonMemberActorUrn in the body acts as the page',
      },
      {
        id: 'norm-comments-organization-actor',
        method: 'POST',
        path: 'voyagerSocialDashNormComments',
        query: [['decorationId', 'com.linkedin.voyager.dash.deco.social.NormComment-43']],
        requires: ['actor_urn'],
        body: {
          commentary: {
            text: '{text}',
            attributesV2: [],
            $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
          },
          threadUrn: '{thread_urn}',
          organizationActorUrn: '{actor_urn}',
        },
        read: { one: ['data', 'value'] },
        source: 'some sources name the page organizationActorUrn',
      },
    ],

    message: [
      createMessage(
        'create-message-top-level-recipients',
        'recipient_urn',
        {},
        { hostRecipientUrns: ['{recipient_urn}'] },
        'every measured sender (2026-06) puts hostRecipientUrns at the top level',
      ),
      createMessage(
        'create-message-nested-recipients',
        'recipient_urn',
        { hostRecipientUrns: ['{recipient_urn}'] },
        {},
      ),
      // A reply into an existing conversation: its URN instead of recipients (facts: `conversationUrn |
      // hostRecipientUrns` in the message; one 2026 source wants it at the top level).
      createMessage(
        'reply-in-conversation',
        'conversation_urn',
        { conversationUrn: '{conversation_urn}' },
        {},
      ),
      createMessage(
        'reply-in-conversation-top-level',
        'conversation_urn',
        {},
        { conversationUrn: '{conversation_urn}' },
      ),
    ],

    // Newest activity first, at most 20 a page (a count above ~25 answers an empty set). The next
    // page by `nextCursor`, or by `lastUpdatedBefore` where no cursor comes (operations/agent-conversations-fetch.ts).
    inbox: [
      messagingQuery(
        'conversations-by-category',
        'messengerConversations',
        '9501074288a12f3ae9e3c7ea243bccbf',
        INBOX_VARIABLES,
        { roots: ['messengerConversationsByCategoryQuery'], token: true },
        'public clients 2026-09',
      ),
      messagingQuery(
        'conversations-by-sync-token',
        'messengerConversations',
        '0d5e6781bbee71c3e51c8843c6519f48',
        { mailboxUrn: '{mailbox_urn}', lastUpdatedBefore: '{before}' },
        { roots: ['messengerConversationsBySyncToken'], token: true },
        'public clients 2025-2026: every category but archive',
      ),
      messagingQuery(
        'conversations-learned',
        'messengerConversations',
        null,
        INBOX_VARIABLES,
        {
          roots: ['messengerConversationsByCategoryQuery', 'messengerConversationsBySyncToken'],
          token: true,
        },
        'the hash the messaging page names',
      ),
    ],

    // The newest messages of one conversation, at most 20.
    thread: [
      messagingQuery(
        'messages-by-sync-token',
        'messengerMessages',
        '5846eeb71c981f11e0134cb6626cc314',
        MESSAGES_VARIABLES,
        { roots: ['messengerMessagesBySyncToken', 'messengerMessagesByConversation'] },
      ),
      messagingQuery(
        'messages-by-anchor',
        'messengerMessages',
        'd8ea76885a52fd5dc5c317078ab7c977',
        {
          deliveredAt: '{before}',
          conversationUrn: '{conversation_urn}',
          countBefore: '{count}',
          countAfter: 0,
        },
        { roots: ['messengerMessagesByAnchorTimestamp'] },
      ),
      messagingQuery('messages-learned', 'messengerMessages', null, MESSAGES_VARIABLES, {
        roots: [
          'messengerMessagesBySyncToken',
          'messengerMessagesByConversation',
          'messengerMessagesByAnchorTimestamp',
        ],
      }),
    ],

    // A batch partial update; a 200 may still carry a per-entity `errors` map.
    mark_read: [
      {
        id: 'messenger-conversations-patch',
        method: 'POST',
        path: 'voyagerMessagingDashMessengerConversations',
        query: [['ids', { restli: ['{conversation_urn}'] }]],
        body: { entities: { '{conversation_urn}': { patch: { $set: { read: true } } } } },
        read: { one: ['data', 'value'] },
      },
    ],

    // Pending invitations, newest first. Paged by offset to an empty page: `paging.total` read 0
    // against real rows (2026-10), so no total is read. Another source (2026-08) found no REST form
    // working and read the invitation manager's screen (its invitations are read by meaning: the
    // Withdraw action's payload; the names only tell a card that could not be read).
    sent_invitations: [
      {
        id: 'sent-invitation-views-v2',
        method: 'GET',
        path: 'relationships/sentInvitationViewsV2',
        query: [
          ['q', 'invitationType'],
          ['invitationType', 'CONNECTION'],
          ['start', '{start}'],
          ['count', '{count}'],
        ],
        next_on: READ_STATUSES,
        read: { list: ['data.elements[]'] },
        paging: { by: 'start', max_count: 100 },
        source: 'measured working 2026-10',
      },
      {
        ...sduiPager(
          'invitation-manager-sent-screen',
          SENT_PAGER,
          SENT_SCREEN,
          { startIndex: '{start}', count: '{count}' },
          { invitation: ['invitation-manager-sent-card'] },
        ),
        paging: { by: 'start', max_count: 10 },
        source:
          '2026-08: the sent list read from /mynetwork/invitation-manager/sent/ (pager and screen ids ours)',
      },
    ],

    // The only captured request (2026-08) is server-driven; the REST form is unverified.
    withdrawal: [
      {
        id: 'sdui-withdraw-invitation',
        kind: 'sdui',
        method: 'POST',
        path: 'server-request',
        query: [['sduiid', WITHDRAW_REQUEST]],
        body: {
          requestId: WITHDRAW_REQUEST,
          clientArguments: {
            $type: 'proto.sdui.actions.requests.RequestedArguments',
            requestedStateKeys: [],
            payload: {
              inviterActionType: 'InviterActionType_WITHDRAW',
              invitationType: 'GenericInvitationType_CONNECTION',
              invitationUrn: { invitationId: '{invitation_id}' },
              profileUrn: '{profile_urn}',
              inviteeVanityName: '{vanity_name}',
              inviteeFirstName: '{first_name}',
              inviteeLastName: '{last_name}',
            },
            requestMetadata: { $type: 'proto.sdui.common.RequestMetadata' },
            states: [],
          },
        },
        // Where the screen has no such action (404), the REST form is tried.
        next_on: [404, 405, 410],
        read: { names: { refused: ['invitation-withdraw-error-toast'] } },
        source: 'the only captured withdrawal (2026-08): server-driven',
      },
      {
        id: 'rest-invitation-withdraw',
        method: 'POST',
        path: 'relationships/invitations/{invitation_id}',
        query: [['action', 'withdraw']],
        body: { invitationSharedSecret: '{shared_secret}' },
        next_on: [404, 405, 410],
        read: { one: ['data', 'value'] },
        source: 'unverified REST form',
      },
    ],

    invitation: [
      {
        id: 'verify-quota-and-create-v2',
        method: 'POST',
        path: 'voyagerRelationshipsDashMemberRelationships',
        query: [
          ['action', 'verifyQuotaAndCreateV2'],
          [
            'decorationId',
            'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2',
          ],
        ],
        body: {
          invitee: { inviteeUnion: { memberProfile: '{profile_urn}' } },
          customMessage: '{note}',
        },
        next_on: [405, 410],
        read: { one: ['data', 'value'] },
      },
      {
        id: 'verify-quota-and-create-v2-3',
        method: 'POST',
        path: 'voyagerRelationshipsDashMemberRelationships',
        query: [
          ['action', 'verifyQuotaAndCreateV2'],
          [
            'decorationId',
            'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-3',
          ],
        ],
        body: {
          invitee: { inviteeUnion: { memberProfile: '{profile_urn}' } },
          customMessage: '{note}',
        },
        read: { one: ['data', 'value'] },
      },
    ],
  },

  fields: {
    me: {
      profile_urn: [
        'miniProfile.dashEntityUrn',
        'dashEntityUrn',
        'miniProfile.entityUrn',
        'entityUrn',
      ],
      public_identifier: ['miniProfile.publicIdentifier', 'publicIdentifier'],
      first_name: ['miniProfile.firstName', 'firstName'],
      last_name: ['miniProfile.lastName', 'lastName'],
    },
    profile: {
      profile_urn: ['entityUrn', 'dashEntityUrn'],
      member_urn: ['objectUrn', 'trackingMemberUrn'],
      public_identifier: ['publicIdentifier'],
      first_name: ['firstName'],
      last_name: ['lastName'],
      headline: ['headline'],
      summary: ['summary'],
      location: [
        'locationName',
        'geoLocation.geo.defaultLocalizedName',
        'geoLocation.geo.defaultLocalizedNameWithoutCountryName',
        'location.defaultLocalizedName',
      ],
      positions: [
        'profilePositionGroups.elements[].profilePositionInPositionGroup.elements[]',
        'profilePositions.elements[]',
      ],
      educations: ['profileEducations.elements[]'],
      skills: ['profileSkills.elements[]'],
      image: [
        'profilePicture.displayImageReference.vectorImage',
        'profilePicture.displayImageReferenceResolutionResult.vectorImage',
        'picture',
      ],
    },
    position: {
      title: ['title'],
      company_name: ['companyName', 'company.name'],
      company_urn: ['companyUrn', '*company', 'company.entityUrn'],
      location: ['locationName', 'geoLocationName'],
      description: ['description'],
      start: ['dateRange.start', 'timePeriod.startDate'],
      end: ['dateRange.end', 'timePeriod.endDate'],
    },
    education: {
      school_name: ['schoolName', 'school.name'],
      degree: ['degreeName'],
      field_of_study: ['fieldOfStudy'],
      start: ['dateRange.start', 'timePeriod.startDate'],
      end: ['dateRange.end', 'timePeriod.endDate'],
    },
    skill: { name: ['name', 'skill.name'] },
    relationship: {
      union: [
        'memberRelationship.memberRelationshipUnion',
        'memberRelationship.memberRelationshipData',
        'memberRelationshipUnion',
        'memberRelationshipData',
        '@MemberRelationship.memberRelationshipUnion',
      ],
      distance: ['distance.value', 'memberDistance.value', 'memberDistance', 'distance'],
      followers: [
        'followingState.followerCount',
        'followersCount',
        'followerCount',
        '@FollowingState.followerCount',
      ],
      connections: ['connectionsCount', 'connections.paging.total'],
    },
    post: {
      urn: [
        'updateMetadata.urn',
        'metadata.backendUrn',
        'backendUrn',
        'updateMetadata.shareUrn',
        'entityUrn',
        'socialDetail.urn',
      ],
      content: ['commentary.text.text', 'commentary.text', 'commentary.commentaryText.text'],
      author_name: ['actor.name.text', 'actor.name'],
      author_headline: ['actor.description.text', 'actor.description'],
      author_url: [
        'actor.navigationContext.actionTarget',
        'actor.navigationUrl',
        'actor.navigationContext.target',
      ],
      author_urn: ['actor.urn', 'actor.backendUrn', 'actor.*urn'],
      author_image: ['actor.image'],
      counts: [
        'socialDetail.totalSocialActivityCounts',
        'socialDetail.socialActivityCounts',
        'totalSocialActivityCounts',
        'socialActivityCounts',
      ],
      media: ['content'],
    },
    // What a keyword-search item holds: a whole update, an entity result, or only a URN (hollow).
    search_item: {
      update: ['searchFeedUpdate.update', 'update', 'feedUpdate'],
      result: ['entityResult'],
      urn: [
        '*entityResult',
        'entityResult.trackingUrn',
        'entityResult.entityUrn',
        'trackingUrn',
        'entityUrn',
        '*update',
        'searchFeedUpdate.*update',
        'urn',
      ],
    },
    post_result: {
      urn: ['trackingUrn', 'entityUrn', 'navigationUrl', 'updateUrn', 'backendUrn'],
      content: ['summary.text', 'summary', 'primaryText.text'],
      author_name: ['title.text', 'title'],
      author_headline: ['primarySubtitle.text', 'primarySubtitle'],
      author_url: [
        'actorNavigationUrl',
        'actorNavigationContext.url',
        'actorNavigationContext.actionTarget',
        'authorNavigationUrl',
      ],
      author_image: ['image'],
      counts: [
        'socialActivityCounts',
        'totalSocialActivityCounts',
        'socialDetail.totalSocialActivityCounts',
        'insightsResolutionResults[].socialActivityCountsInsight',
      ],
    },
    person_result: {
      profile_urn: [
        'entityUrn',
        'navigationUrl',
        'image.attributes[0].detailData.nonEntityProfilePicture.*profile',
      ],
      member_urn: ['trackingUrn'],
      name: ['title.text', 'title'],
      headline: ['primarySubtitle.text', 'primarySubtitle'],
      location: ['secondarySubtitle.text', 'secondarySubtitle'],
      url: ['navigationUrl'],
      image: ['image'],
      distance: [
        'entityCustomTrackingInfo.memberDistance',
        'memberDistance.value',
        'memberDistance',
      ],
    },
    connection: {
      profile: ['connectedMemberResolutionResult', 'connectedMember'],
      created_at: ['createdAt'],
    },
    company: {
      urn: ['entityUrn', 'dashEntityUrn'],
      name: ['name'],
      slug: ['universalName'],
      url: ['url'],
      tagline: ['tagline'],
      description: ['description'],
      website: ['companyPageUrl', 'websiteUrl'],
      industries: ['companyIndustries[]', 'industries[]'],
      staff_count: ['staffCount', 'employeeCount'],
      staff_range: ['staffCountRange', 'employeeCountRange'],
      headquarters: ['headquarter', 'headquarters'],
      specialities: ['specialities'],
      founded_year: ['foundedOn.year'],
      followers: ['followingInfo.followerCount', 'followingState.followerCount', 'followerCount'],
      logo: ['logo.image', 'logoResolutionResult', 'logo'],
    },
    // What the messaging answers hold: a conversation (com.linkedin.messenger.Conversation) with its
    // last message inline, a message, and a participant (of a conversation, or a message's sender).
    inbox: {
      conversation_urn: ['entityUrn', 'backendConversationUrn'],
      read: ['read'],
      unread_count: ['unreadCount'],
      last_activity_at: ['lastActivityAt'],
      participants: ['conversationParticipants[]', 'participants[]'],
      last_message: ['messages.elements[0]', 'lastMessage', 'events[0]'],
      text: ['body.text', 'body', 'eventContent.attributedBody.text'],
      delivered_at: ['deliveredAt', 'createdAt'],
      sender: ['sender', 'actor', 'from'],
      profile_urn: ['hostIdentityUrn', 'participantType.member.profileUrn', 'entityUrn'],
      first_name: [
        'participantType.member.firstName.text',
        'participantType.member.firstName',
        'firstName',
      ],
      last_name: [
        'participantType.member.lastName.text',
        'participantType.member.lastName',
        'lastName',
      ],
      url: ['participantType.member.profileUrl', 'profileUrl'],
    },
    // A sent invitation: the view, its Invitation and the invitee's mini profile.
    invitation: {
      invitation: ['invitation', 'invitationResolutionResult'],
      urn: ['invitationUrn', 'entityUrn', 'dashEntityUrn'],
      secret: ['sharedSecret', 'invitationSharedSecret'],
      sent_at: ['sentTime', 'sentAt'],
      note: ['message', 'customMessage'],
      invitee: [
        'toMember',
        'toMemberResolutionResult',
        'invitee.memberProfile',
        'inviteeMemberResolutionResult',
      ],
    },
    written: {
      comment_urn: ['entityUrn', 'urn', 'resourceKey', 'value.entityUrn'],
      invitation_urn: [
        'value.invitationUrn',
        'invitationUrn',
        'value.invitation.entityUrn',
        'value.*invitation',
        'invitation.entityUrn',
      ],
      conversation_urn: [
        'value.conversationUrn',
        'conversationUrn',
        'value.backendConversationUrn',
      ],
      delivered_at: ['value.deliveredAt', 'deliveredAt'],
      actor: [
        'commenter.actorUnion.companyUrn',
        'commenter.actor',
        'actorUrn',
        'entity.actorUrn',
        'actor.urn',
        'resourceKey',
      ],
    },
  },
};
