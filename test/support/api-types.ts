// Generated from the service's /openapi.json by openapi-typescript (`npm run api-types`); do not edit.
// test/service/http/typed-client.test.ts fails when it is not current.
export interface paths {
    "/network-agent/auth-send-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a 6-digit sign-in code
         * @description Sends a one-time code to the address, valid for 1 hour and for one use; a new code replaces the previous one. The answer is the same whether or not the address has an account (a new address signs up at verify). The code is valid only from the client network address that asked for it, so codes others ask for the address never replace or throttle yours. At most one code per 30 seconds and 5 per hour per address from one client network address, and a limited number per hour from one client network address in all (docs/api.md, "Sign-in limits"); beyond that 429 with `Retry-After`. An address locked for this client network address after too many wrong codes from it gets no code there until 00:00 UTC (429). `full_name` names a new account and its team.
         */
        post: operations["postNetworkAgentAuthSendOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/auth-verify-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the code for the team’s API key
         * @description A good code signs the user in: a new user gets a team (as its admin) and an API key; an existing user gets their team back; a user invited by a team admin joins that team now, with the role the admin chose. The answer also carries `agent_token`, a fresh secret bound to this user for the browser extension and the member endpoints: with `"client": "extension"` (the default) it ends after 30 days without an `/agent/` call, with `"client": "dashboard"` a day after sign-in; signing out or leaving the team ends it at once. The code is checked against the one asked from the same client network address. A code allows 5 wrong tries; after that, or after 1 hour, or once used, it is void. Wrong codes are limited per client network address and per hour on the whole service (429 with `Retry-After`); an address with too many wrong codes from one client network address in a UTC day is locked for that network until 00:00 UTC and its owner is told by mail (docs/api.md, "Sign-in limits").
         */
        post: operations["postNetworkAgentAuthVerifyOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team, the caller, and every member with their extension status
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. `team.agent_active` is true when any member’s extension was active in the last 48 hours. Members are ordered by joining date (the oldest admin runs likes, comments and connection requests); invitations come last.
         */
        get: operations["getApiTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the team’s action budgets, pace and rule for AI clients’ writes (admins only)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. `budgets` is keyed by task type, each with `per_day` and/or `per_week` (a whole number, or null for no limit; the type set to null returns to the defaults). `pacing` sets the seconds between two writes and two reads of one member (`write_min_s`, `write_max_s`, `read_min_s`, `read_max_s`; null returns to the defaults). Safer than the default is always allowed; a higher limit, no limit, or a shorter gap needs `"i_accept_the_risk": true`. Tasks held by a budget run as soon as it allows. `contact_window_days` (0 to 365, default 30; 0 turns it off): days after a member’s invitation or message in which another member’s to the same person is refused (docs/team-pool.md). `ai_writes` (`approve` default, `allow`, `off`): what a write from an AI client over `/mcp` does: await a person’s approval (`/api-approvals`), run at once, or be refused (docs/mcp.md). `weekly_summary` (false by default): every Monday (UTC) the last week’s summary goes to each joined member as a mail (unless they turned it off) and to webhooks as `summary.weekly`. `withdraw_pending_after_days` (0 to 365, default 21; 0 turns it off): pending invitations older than this are withdrawn, as their sender, within the withdrawal budget and working hours. `team_stops_together` (true by default): a challenge or rate limit at one member pauses every member’s writes for 24 hours (`team.writes_paused`, the `team.paused` webhook). `resume_writes: true` ends such a pause early. A later withdrawal or none, `team_stops_together: false` and resuming need `"i_accept_the_risk": true` (docs/budgets.md, "Hygiene" and "The team stops together"). `warm_up` (`{enabled, days, start_factor}`, default on, 14 days from 0.2; null returns to the defaults): a new member’s write budgets start at that share of the team’s when their account first checks in and rise to all of it over the days; off, shorter or a higher start needs `"i_accept_the_risk": true` and holds for accounts checking in from then on (docs/budgets.md, "Warm-up"). `ai_instructions` (at most 2,000 characters; "" for none): what the team tells its model for every AI draft (docs/ai.md). `reply_labels` (`[{name, description}]`, at most 20; [] for none): the team’s own labels its model may sort a reply with, beside `interested`, `not_now`, `not_interested`, `out_of_office`, `referral` and `other` (docs/ai.md, "Replies sorted"). Answers the team as GET does.
         */
        patch: operations["patchApiTeam"];
        trace?: never;
    };
    "/api-team-members/working-hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a member’s working hours: no write action is run outside them (the member, or an admin)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. `working_hours`: `{days: [1..7] (ISO weekdays, 1 Monday), start: "08:00", end: "20:00", time_zone: "Europe/Paris"}`, or null for none. Likes, comments, connection requests and messages are not claimed outside the window; reads are. A member may set their own; an admin anyone’s.
         */
        put: operations["putApiTeamMembersWorkingHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-members/weekly-summary-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Turn the weekly summary mail on or off for a member (the member, or an admin)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. `weekly_summary_mail`: true (the default) or false. Only the mail: the team's `summary.weekly` webhook event is sent either way. A member may set their own; an admin anyone’s.
         */
        put: operations["putApiTeamMembersWeeklySummaryMail"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a member by e-mail (admins only)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. The person joins the team with this role at their next sign-in; if they belong to another team, the invitation waits for their answer (/api-team-invitations).
         */
        post: operations["postApiTeamMembers"];
        /**
         * Remove a member or withdraw an invitation (admins only)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. The member’s agent tokens stop working at once. When the member was shown the team’s current API key (every sign-in shows it), the key is rotated in the same step: the old key alone is refused at once, while extensions and dashboards of the remaining members keep working (their agent token carries them; `GET /api-team-key` gives the new key). The last admin cannot be removed (400).
         */
        delete: operations["deleteApiTeamMembers"];
        options?: never;
        head?: never;
        /**
         * Set a member’s role (admins only)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. The last admin who has signed in cannot be demoted (400); make another member admin first.
         */
        patch: operations["patchApiTeamMembers"];
        trace?: never;
    };
    "/api-team-members/warm-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * End a member’s warm-up now: their account gets the team’s full write budgets (admins only)
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. `{"email": …, "ends_now": true, "i_accept_the_risk": true}`: a new account sends at a fraction of the team’s write budgets for its first days (docs/budgets.md, "Warm-up"); ending that early is riskier, so it needs the risk accepted. An account that has not checked in yet will not start one. Answers the member as GET /api-team shows them.
         */
        patch: operations["patchApiTeamMembersWarmUp"];
        trace?: never;
    };
    "/api-team-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invitations to other teams waiting for you
         * @description Each with the role offered and what leaving your team means: whether you are its only admin, who would become admin, how many members stay.
         */
        get: operations["getApiTeamInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: leave your team and join the inviting one
         * @description Every agent token of yours stops working, and your old team’s key is rotated; the answer carries the new team’s key and a new agent token. When you were the only admin of the team you leave, its oldest other member becomes admin.
         */
        post: operations["postApiTeamInvitationsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-invitations/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline an invitation
         * @description The invitation is withdrawn; you stay in your team. The inviting admin may invite you again.
         */
        post: operations["postApiTeamInvitationsDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team’s current API key (any member)
         * @description Called with `x-api-key` (the current key, or one the team has rotated out) and the caller’s own `authorization: Bearer <agent_token>`: a member signed in before a rotation fetches the new key with what they hold. Every member is shown the key (at sign-in and here); when a member who was shown it leaves the team, the key is rotated, so they keep nothing that works.
         */
        get: operations["getApiTeamKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-team-key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the team’s API key (admins only)
         * @description Called with `x-api-key` (the current key, or one the team has rotated out) and the caller’s own `authorization: Bearer <agent_token>`: a member signed in before a rotation fetches the new key with what they hold. The old key alone is refused at once (programs using it need the new one). Members’ extensions and dashboards keep working without a new sign-in: they send their agent token with the key they hold, and a rotated-out key is accepted together with a live token of a current member.
         */
        post: operations["postApiTeamKeyRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team’s API keys with a purpose: who made each, when it was last used (never a secret)
         * @description Called with the team’s `x-api-key` and an admin’s own `authorization: Bearer <agent_token>`; a key of one purpose is refused (403). Scopes: `read` reads only (every write is 403); `write` is a program, as the team key; `ai` is an AI client, whose writes in a member’s name follow the team’s `ai_writes` on every path (by default a person approves each) and which never approves, manages the team or sets where its data is sent (docs/security.md).
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Make an API key with a purpose: read, write or ai (admins only)
         * @description Called with the team’s `x-api-key` and an admin’s own `authorization: Bearer <agent_token>`; a key of one purpose is refused (403). Scopes: `read` reads only (every write is 403); `write` is a program, as the team key; `ai` is an AI client, whose writes in a member’s name follow the team’s `ai_writes` on every path (by default a person approves each) and which never approves, manages the team or sets where its data is sent (docs/security.md). The answer carries the secret `api_key` once: only its hash is kept, so keep it now. It is used as `x-api-key`, as the team key is.
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key: refused at once, in every instance (admins only)
         * @description Called with the team’s `x-api-key` and an admin’s own `authorization: Bearer <agent_token>`; a key of one purpose is refused (403). Scopes: `read` reads only (every write is 403); `write` is a program, as the team key; `ai` is an AI client, whose writes in a member’s name follow the team’s `ai_writes` on every path (by default a person approves each) and which never approves, manages the team or sets where its data is sent (docs/security.md).
         */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a profile by its slug or URL
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_profile_fetch`. With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`); without it, any member’s.
         */
        post: operations["postNetworkAgentFetchProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-profiles-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch recent posts of one or more profiles
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_profiles_tracking`. With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`); without it, any member’s.
         */
        post: operations["postNetworkAgentFetchProfilesPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/like-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Like (react to) a post as the team’s oldest admin
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_like_post`. Runs as the team’s oldest admin (by date of joining). With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`).
         */
        post: operations["postNetworkAgentLikePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/comment-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a post as the team’s oldest admin
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_comment_post`. Runs as the team’s oldest admin (by date of joining). With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`).
         */
        post: operations["postNetworkAgentCommentPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/send-connection-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a connection request, with an optional note, as the team’s oldest admin
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_connection_request`. Runs as the team’s oldest admin (by date of joining). With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`).
         */
        post: operations["postNetworkAgentSendConnectionRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a company page by its slug or URL
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_company_fetch`. With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`); without it, any member’s.
         */
        post: operations["postNetworkAgentFetchCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-company-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch recent posts of a company page
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_company_posts_fetch`. With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`); without it, any member’s.
         */
        post: operations["postNetworkAgentFetchCompanyPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/search-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search profiles by keywords, title, company or location
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_profiles_search`. With `member_email`, runs in the browser of the member it names instead (a member outside the team is a 404; one who turned this kind off gets it failed at once, `refused_by_member`); without it, any member’s.
         */
        post: operations["postNetworkAgentSearchProfiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a member’s 1st-degree connections, newest first
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_connections_fetch`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentFetchConnections"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/send-message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a direct message to a 1st-degree connection, or reply in a conversation
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_send_message`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentSendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a member’s inbox: conversations, newest activity first
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_conversations_fetch`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentFetchConversations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-conversation-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch the messages of one conversation, newest first
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_conversation_messages_fetch`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentFetchConversationMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/mark-conversation-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one conversation of a member’s inbox as read
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_conversation_mark_read`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentMarkConversationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/fetch-sent-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch the connection requests a member sent that still wait
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_sent_invitations_fetch`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentFetchSentInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/withdraw-connection-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a member’s pending connection request to one person
         * @description Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a person’s approval (`/api-approvals`), under `off` it is refused (403). Task type: `agent_invitation_withdraw`. Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); a member outside the team is a 404.
         */
        post: operations["postNetworkAgentWithdrawConnectionRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/network-agent/get-task-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status, input and result of a task
         * @description `task_output` is null until the task is completed; a failed task carries `error: {code, message}`. States: pending, processing, completed, failed.
         */
        get: operations["getNetworkAgentGetTaskStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report liveness and network session state; receive a newer network map
         * @description Records the member’s activity (the 48-hour rule). A member whose last heartbeat said signed out or paused is given no tasks. `consent` says whether the member acknowledged the current consent text (`GET /agent/consent`); `awaiting_approval`, how many writes in the member’s name wait for a person’s approval (`GET /api-approvals`).
         */
        post: operations["postAgentHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/tasks/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Long poll for a task this member may run
         * @description Answers as soon as a task is claimable, or after `wait_s` (0 to 25, default 20) with 204 and no body. The claim holds a 120 s lease; `attempt` is its fencing token. Kinds the member refused (`POST /agent/consent`) are never handed out.
         */
        post: operations["postAgentTasksClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/tasks/{id}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Renew the lease of a claimed task */
        post: operations["postAgentTasksByIdExtend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/tasks/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand in the output of a claimed task
         * @description The output must match the task type’s output schema (400 otherwise, the task stays processing); text the database cannot store (NUL, a lone surrogate) is cleaned, not refused. Completing again with the same attempt is 200 and changes nothing.
         */
        post: operations["postAgentTasksByIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/tasks/{id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report that a claimed task failed
         * @description Retryable errors put the task back to pending after a growing delay (10 s, 20 s, …) until its attempts (3) are spent; otherwise it is failed. `invitation_limit` makes the member invite-limited for 7 days, or until `retry_after`.
         */
        post: operations["postAgentTasksByIdFail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the agent token of this call */
        post: operations["postAgentSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The consent text this member is asked to acknowledge, and their answer so far
         * @description The text names the kinds of tasks the team can queue for this member, who can queue them and the risk to the member’s network account. Until its `version` is acknowledged, claims answer 403 `Consent required: …`. Not activity (the 48-hour rule).
         */
        get: operations["getAgentConsent"];
        put?: never;
        /**
         * Acknowledge the consent text, and say which write kinds the member refuses
         * @description Records the member, the time and the version. `refused_types` (likes, comments, connection requests, messages) replaces the refused kinds (absent: kept): tasks of those kinds are never assigned to the member, and those routed to them alone fail with `refused_by_member`. Not activity.
         */
        post: operations["postAgentConsent"];
        /**
         * Withdraw the acknowledgement
         * @description Nothing is handed to the member until they acknowledge again; their tasks wait. Not activity.
         */
        delete: operations["deleteAgentConsent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agent/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The likes, comments, connection requests and messages this member’s agent ran, newest first
         * @description The last 30, each with its target, its status and who queued it (`queued_by`). Not activity.
         */
        get: operations["getAgentActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent tasks of the team, newest first */
        get: operations["getApiTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Collected posts of a watchlist, or of the whole team
         * @description Pages of 20 (`page`, first is 1) or an inclusive 0-indexed `range_from`..`range_to` (at most 100). `end_date` is inclusive (whole day, UTC). `seniority_level`: one or a comma-separated list of owner, cxo, vp, director, manager, senior, entry, intern, unknown. `sort_by`: recent (default), popular_first or engagement (likes + 2*comments + 3*shares). `trending=true`: posts whose engagement per hour is at least twice the watchlist's median over its last 200 posts. `format=csv`: every matching post as CSV, in the same order, streamed (paging parameters do not apply).
         */
        get: operations["getApiPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Like a collected post as a team member (or as a company page) */
        post: operations["postApiLike"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a collected post as a team member (or as a company page) */
        post: operations["postApiComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keyword-watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's keyword watchlists, or one with `id`
         * @description Without `id`: `{watchlists, count}`. With `id`: the watchlist itself.
         */
        get: operations["getApiKeywordWatchlist"];
        put?: never;
        /**
         * Create a keyword watchlist from keywords (direct mode) or from a plain-English prompt (prompt mode)
         * @description Send `keywords` or `prompt`, never both. Direct mode is idempotent by keyword set: when the team has a keyword watchlist with the same primary keywords (order-insensitive, lower-cased, trimmed), it is returned with 200 and `created: false` (its own frequency and labels; no plan slot used). Without `labels`, one label per keyword is derived. Prompt mode answers at once; keywords and intent labels appear a few seconds later (GET with `id`); URLs in the prompt are read for their page's title, description and Open Graph data.
         */
        post: operations["postApiKeywordWatchlist"];
        /**
         * Delete a keyword watchlist
         * @description The watchlist goes with its keywords and its Slack deliveries; its queued collection tasks are dropped (one already running finishes and files nothing). The posts it collected stay the team's: the team-wide `/api-posts` still lists them.
         */
        delete: operations["deleteApiKeywordWatchlist"];
        options?: never;
        head?: never;
        /**
         * Update a keyword watchlist (patch mode), or regenerate it from a new prompt (prompt mode)
         * @description Patch mode: only the fields sent change, and only their parts are answered. `keywords` replaces the whole set: keyword rows and pending keyword-tracking tasks are recreated, collected posts stay; without `labels` one label per keyword is derived. `disable: true` pauses tracking, `false` resumes it. `slack_webhook_url` (where posts are sent; `null` clears it) is an admin’s to set or clear: the team key with an admin’s `authorization: Bearer <agent_token>`. `draft_comments` (`{member_email, instructions?, min_trending_score? (0), max_per_day? (5)}`, null turns it off): the team’s model drafts a comment in that member’s name on each post collected from then on with at least that trending score, at most `max_per_day` a UTC day, each awaiting approval (`/api-approvals`; docs/ai.md). `404 No member with that e-mail in the team`. Prompt mode (`id` and `prompt` only): keywords and labels are wiped and regenerated in the background.
         */
        patch: operations["patchApiKeywordWatchlist"];
        trace?: never;
    };
    "/api-people-watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's people watchlists, or one with `id` (with `profiles_count` and `lists`) */
        get: operations["getApiPeopleWatchlist"];
        put?: never;
        /**
         * Create a people watchlist; its tracking tasks are queued at once
         * @description Profiles, in any mix: a profile URL (with or without scheme, `www`, trailing slash), a bare slug, `urn:li:fs_profileView:<id>`, `urn:li:fsd_profile:<id>`, `urn:li:member:<id>`, or the bare id. Duplicates fold into one. `list_id` adds them to an existing people list of the team instead of a new one.
         */
        post: operations["postApiPeopleWatchlist"];
        /**
         * Delete a people watchlist
         * @description The watchlist goes with its keywords and its Slack deliveries; its queued collection tasks are dropped (one already running finishes and files nothing). The posts it collected stay the team's: the team-wide `/api-posts` still lists them. Its list of profiles stays, for `list_id` to reuse.
         */
        delete: operations["deleteApiPeopleWatchlist"];
        options?: never;
        head?: never;
        /**
         * Rename a people watchlist, change its frequency, pause or resume it
         * @description Only the fields sent change, and only their parts are answered. `disable: true` pauses collection (its queued tasks are dropped, collected posts stay); `false` resumes it at the scheduler's next tick. `fetchFreqInHours` applies from the next cycle.
         */
        patch: operations["patchApiPeopleWatchlist"];
        trace?: never;
    };
    "/api-company-watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's company watchlists, or one with `id` (with `companies_count` and `lists`) */
        get: operations["getApiCompanyWatchlist"];
        put?: never;
        /**
         * Create a company watchlist from company page URLs or slugs
         * @description Collection starts at the scheduler's next cycle. `list_id` adds the companies to an existing company list of the team.
         */
        post: operations["postApiCompanyWatchlist"];
        /**
         * Delete a company watchlist
         * @description The watchlist goes with its keywords and its Slack deliveries; its queued collection tasks are dropped (one already running finishes and files nothing). The posts it collected stay the team's: the team-wide `/api-posts` still lists them. Its list of companies stays, for `list_id` to reuse.
         */
        delete: operations["deleteApiCompanyWatchlist"];
        options?: never;
        head?: never;
        /**
         * Rename a company watchlist, change its frequency, pause or resume it
         * @description Only the fields sent change, and only their parts are answered. `disable: true` pauses collection (its queued tasks are dropped, collected posts stay); `false` resumes it at the scheduler's next tick. `fetchFreqInHours` applies from the next cycle.
         */
        patch: operations["patchApiCompanyWatchlist"];
        trace?: never;
    };
    "/api-webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's webhooks, with the last day's deliveries by outcome */
        get: operations["getApiWebhooks"];
        put?: never;
        /**
         * Register a webhook: events are POSTed to your URL, signed
         * @description Events: `task.completed`, `task.failed` (any task of the team, with its output or error), `posts.collected` (a watchlist filed new posts), `connection.accepted` and `message.received` (docs/relationships.md), `reply.classified` (the team’s model sorted a reply: docs/ai.md), `network.degraded` and `network.recovered` (docs/network-map.md), `summary.weekly` (the weekly summary, when the team turned it on: docs/api.md), `member.health_changed` (a member’s account health changed level: docs/budgets.md, "Health"). Each delivery carries `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` made with the `secret` of this answer (shown once), `X-Webhook-Id` (the same on every retry) and `X-Webhook-Event`. A 2xx answer is delivered; 408, 429, 5xx and unreachable endpoints are retried with backoff for a day. The URL must be https and public. At most 20 webhooks per team. Admins only: the team’s key and the admin’s own agent token.
         */
        post: operations["postApiWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of a webhook: the newest 50, with attempts, last status and error */
        get: operations["getApiWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook; its pending deliveries are dropped */
        delete: operations["deleteApiWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of the team (Server-Sent Events)
         * @description A `text/event-stream`. First `event: ready`; then `event: change` with `{"kinds": [...]}` (of `tasks`, `posts`, `watchlists`, `members`) whenever those changed: fetch them again. The stream carries no data itself. A comment line every 15 s keeps proxies from closing it; it ends after 10 minutes and the client reconnects (the `retry` field). Send `x-api-key` as a header: with `fetch`, not `EventSource`, in a browser.
         */
        get: operations["getApiEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invitations sent through the service, with their state, newest first
         * @description Every connection request the team’s members sent through the service: `pending`, `accepted` (the person appeared among the member’s connections), `withdrawn` or `expired` (it left the sent list and the person is not a connection), with when it changed. Kept true by the relationship sync (every `RELATIONSHIP_SYNC_INTERVAL_S`, 4 h by default). `format=csv`: every matching invitation as CSV, newest first, streamed (paging parameters do not apply).
         */
        get: operations["getApiInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The members’ conversations, newest activity first
         * @description Each member’s inbox as the relationship sync and the inbox tasks last read it. `awaiting_reply`: the last message is the other person’s. `unread=true` for unread ones only; `member_email` for one member’s. `classification`: the label the team’s model gave the other person’s newest message (`interested`, `not_now`, `not_interested`, `out_of_office`, `referral`, `other`, or one of the team’s `reply_labels`); `classification=<label>` for those only; null with `classification_error` when it failed or the service has no model (`not configured`) (docs/ai.md, "Replies sorted").
         */
        get: operations["getApiInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-inbox/{conversation_urn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversation with its messages, newest first
         * @description The conversation URN as the inbox gives it, URL-encoded in the path. Each message of the other person carries its `classification` (or null with `classification_error`), as in the inbox.
         */
        get: operations["getApiInboxByConversationUrn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-sequences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team’s sequences with their funnels, newest first
         * @description Pages of `limit` (default 50, at most 200); `next` is the `after` of the following page, null on the last.
         */
        get: operations["getApiSequences"];
        put?: never;
        /**
         * Create a sequence: steps each enrolled person goes through, stopped by a reply
         * @description Steps in order: `visit`, `connection_request` (skipped when already connected), `wait_for_acceptance`, `message` (connections only), `like_latest_post`. Templates `{first_name}`, `{last_name}`, `{company}`, `{headline}`, with a fallback `{first_name|there}`. Every step is an ordinary task of the sender, under their budgets, pace and working hours. One sender (`sender_email`, default the oldest admin) or a pool (`senders`: members’ e-mails, or `"all"`: every member whose extension is active and who agreed to the steps’ kinds): each person gets one sender for the whole sequence, a member already connected to them first, else the one with the most budget left for the first write. `{custom.<column>}` fills from a CSV import’s columns. A reply within `reply_window_days` (30) of the last step still counts. The team’s plan caps its sequences (free 3, pro 50, business 500). A `message` step may carry `draft: {instructions}` instead of `text`: the team’s model drafts each person’s message when their step comes, held for the approval of the sender or an admin (`/api-approvals`); a rejection or expiry ends their step. `on_reply` refines a reply by the label the team’s model gives it, per label `"stop"`, `"continue"` or `{"wait_days": N}` (e.g. `{"not_interested": "stop", "out_of_office": {"wait_days": 7}}`); a label not named does what `stop_on_reply` says (docs/sequences.md, "Replies sorted").
         */
        post: operations["postApiSequences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-sequences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One sequence with its funnel: enrolled, invited, accepted, messaged, replied, and the rates */
        get: operations["getApiSequencesById"];
        put?: never;
        post?: never;
        /** Delete a sequence; everyone in it stops (a step’s task not yet started is cancelled) */
        delete: operations["deleteApiSequencesById"];
        options?: never;
        head?: never;
        /**
         * Rename, pause or resume a sequence
         * @description `status: "paused"`: no further step of anyone runs until `status: "active"` again. `senders`: a new pool; people not yet invited whose sender left it move to one in it. `on_reply`: new rules per label for replies sorted from now on (null: `stop_on_reply` alone).
         */
        patch: operations["patchApiSequencesById"];
        trace?: never;
    };
    "/api-sequences/{id}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each enrolled person: state, sender and why, current step, when it runs next and why it waits, and the history of its tasks
         * @description Oldest first, in pages of `limit` (default 1000, at most 1000); `next` is the `after` of the following page, null on the last. `format=csv`: every person (of the `state`) as a streamed CSV download (`text/csv`): profile, profile_urn, name, state, sender_email, sender_reason, step, step_type, the dates, waiting_reason, error, then each column a CSV import brought.
         */
        get: operations["getApiSequencesByIdEnrollments"];
        put?: never;
        /**
         * Enroll people (profile URLs, slugs or URNs, up to 1,000), or import a CSV; skipped ones with the reason
         * @description A person is in at most one active sequence of the team; someone who replied to the team before is skipped. Each person gets a sender of the pool (`sender_email`, `sender_reason` in the listing). With `Content-Type: text/csv` the body is a CSV (RFC 4180, a header row) with a `profile` column; every other column becomes the template field `{custom.<column>}` of its row. Up to 5,000 rows; the answer adds `errors: [{line, reason}]` for the lines that could not be read, and the other rows go in.
         */
        post: operations["postApiSequencesByIdEnrollments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-sequences/{id}/enrollments/{enrollment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take one person out of a sequence (state stopped) */
        delete: operations["deleteApiSequencesByIdEnrollmentsByEnrollmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-do-not-contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team’s do-not-contact list, oldest first
         * @description Pages of `limit` (default 100); `next` is the `after` of the following page. `q` keeps entries whose value, reason or adder contains it. `format=csv` exports every matching entry (columns kind, value, reason, added_by, added_at, source_added_by, source_added_at), streamed; a POST of that file imports it back.
         */
        get: operations["getApiDoNotContact"];
        put?: never;
        /**
         * Put people or companies on the team’s do-not-contact list
         * @description People by profile URL, slug or URN; companies by page URL, slug, URN or name (everyone whose current company it is, as the team’s profile reads show it, is then refused too). Nothing is queued for a listed person: an invitation, a message, a comment or an enrollment for them is a 409 naming the list, and `force` never passes it. A `Content-Type: text/csv` body imports: a header row with `value` (and `kind`: person or company) or `profile` and/or `company` columns, and an optional `reason` column; rows that cannot be read are answered in `errors`, one per line, while the others go in. Who added each entry is the member whose agent token rides along, or else the API key, and when is now, for an import too: a file’s `added_by` and `added_at` columns are kept as `source_added_by` and `source_added_at`, what the file said.
         */
        post: operations["postApiDoNotContact"];
        /**
         * Take a person or a company off the do-not-contact list
         * @description `value` as listed, or any form of the same identifier (a profile URL removes the entry added by its slug).
         */
        delete: operations["deleteApiDoNotContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-contact-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A person’s history with the team, across its members
         * @description Who invited them and when, which members they are connected to, who messaged them, their replies (one per thread, at the first), and the sequences they were enrolled in (with the sender), oldest first. `profile`: a profile URL, slug or URN. `format=csv` answers the same events as CSV.
         */
        get: operations["getApiContactHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-stats/watchlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A watchlist’s posts, engagement and trending share over time, and its top authors
         * @description Posts by the day or week they were posted. `from` and `to` (YYYY-MM-DD, inclusive, whole days in `tz`; default the last 30 days up to today, at most 731 days); `bucket`: `day` (default) or `week` (weeks start on Monday, so the first may begin before `from`; only days in the range count); `tz`: an IANA time zone (default `UTC`). Every bucket of the range is listed, empty ones with zeros. Engagement is likes + 2*comments + 3*shares. `trending_share` is trending / posts (null without posts). `top_authors`: the 5 authors with most engagement in the range.
         */
        get: operations["getApiStatsWatchlistsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-stats/sequences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A sequence’s funnel over time, per sender, with its rates
         * @description Each person’s steps counted in the day or week they happened: enrolled, invited, accepted, messaged, replied. `from` and `to` (YYYY-MM-DD, inclusive, whole days in `tz`; default the last 30 days up to today, at most 731 days); `bucket`: `day` (default) or `week` (weeks start on Monday, so the first may begin before `from`; only days in the range count); `tz`: an IANA time zone (default `UTC`). Every bucket of the range is listed, empty ones with zeros. `acceptance_rate` is accepted / invited and `reply_rate` replied / messaged, of the same bucket (null when nothing to divide by).
         */
        get: operations["getApiStatsSequencesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-stats/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A member’s actions per kind and invitations over time, and the use of each budget
         * @description The actions (tasks run for the team) per kind, by the day or week they ended. `from` and `to` (YYYY-MM-DD, inclusive, whole days in `tz`; default the last 30 days up to today, at most 731 days); `bucket`: `day` (default) or `week` (weeks start on Monday, so the first may begin before `from`; only days in the range count); `tz`: an IANA time zone (default `UTC`). Every bucket of the range is listed, empty ones with zeros. `budgets`: per task type, the limits in force and the account’s uses in the rolling day, 7 and 30 days (a running task counts, as for the budgets), and when the oldest use of the day and the week leaves its window. `invitations` (each bucket, and the range in `totals`): `sent` in it through the service for this team, `accepted`: how many of those have been accepted since, `acceptance_rate` accepted / sent (null when none were sent; the health factor’s definition), and `pending`: invitations of any age still waiting at its end (the range’s end when that comes first).
         */
        get: operations["getApiStatsMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Writes from AI clients awaiting approval, with the exact text each would send
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>`. Writes (like, comment, invitation, message, withdrawal) queued by an AI client (over `/mcp`, or with an `ai` key) while the team’s `ai_writes` is `approve` wait here until an admin, or the member they run as, decides; after 24 hours they end `failed` with `approval_expired` (docs/mcp.md). Oldest first (closest to expiring); `can_decide` says whether the caller may decide each.
         */
        get: operations["getApiApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-approvals/{task_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a write from an AI client, optionally with edited text
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>`. Writes (like, comment, invitation, message, withdrawal) queued by an AI client (over `/mcp`, or with an `ai` key) while the team’s `ai_writes` is `approve` wait here until an admin, or the member they run as, decides; after 24 hours they end `failed` with `approval_expired` (docs/mcp.md). `text` replaces the text it sends (a comment’s `comment_text`, a message’s `message_text`, an invitation’s `note`). The task becomes `pending` and runs like any other; the do-not-contact checks run again.
         */
        post: operations["postApiApprovalsByTaskIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-approvals/{task_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a write from an AI client: it ends failed, never sent
         * @description Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>`. Writes (like, comment, invitation, message, withdrawal) queued by an AI client (over `/mcp`, or with an `ai` key) while the team’s `ai_writes` is `approve` wait here until an admin, or the member they run as, decides; after 24 hours they end `failed` with `approval_expired` (docs/mcp.md). The task ends `failed` with the error code `rejected_by_member`.
         */
        post: operations["postApiApprovalsByTaskIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draft a comment, reply, invitation note or message with the team’s model, for approval
         * @description The service asks the team’s model (an OpenAI-compatible endpoint, `LLM_API_URL`) for the text: for a `comment` it reads the collected post (`post_id`), for a `reply` the latest messages of the thread in the member’s inbox (`conversation_urn`), for an `invitation_note` or a `message` what the team knows of the person (`profile_urn`); with the member’s name, the team’s `ai_instructions` (PATCH /api-team) and this call’s `instructions`. The text is cut to the network’s length (a comment 1,250 characters, a note 300, a message 8,000) and queued as the one write of its kind for that target, in the name of `member_email`, awaiting approval by that member or an admin in `/api-approvals` (where it can be edited): nothing is sent before. It expires after 24 hours unapproved. Each call counts against the plan’s daily AI drafts (`GET /api-team` shows `team.ai_usage_today`).
         */
        post: operations["postApiDrafts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: string;
        };
        __schema0: string | number | boolean | null | unknown[] | {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postNetworkAgentAuthSendOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    full_name?: string;
                };
            };
        };
        responses: {
            /** @description Code sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description `Missing or invalid 'email'`, a wrong type, an unknown field or malformed JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many codes requested for this address, or from this network, or the address is locked for the day from this network; the `Retry-After` header gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The mail could not be sent; ask again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentAuthVerifyOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    otp: string;
                    /** @enum {string} */
                    client?: "extension" | "dashboard";
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            full_name: string;
                            email: string;
                        };
                        team: {
                            id: string;
                            name: string;
                            api_key: string;
                        };
                        agent_token: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                    };
                };
            };
            /** @description `Missing or invalid 'email'`, `Missing or invalid 'otp'` or `Invalid 'client'` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Invalid or expired OTP`: wrong, expired, used or replaced code; request a new one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong codes from this network or on the service, or the address is locked for this network until 00:00 UTC; the `Retry-After` header gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        team: {
                            id: string;
                            name: string;
                            plan: string;
                            agent_active: boolean;
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                default_per_day: number | null;
                                default_per_week: number | null;
                            }[];
                            pacing: {
                                write_min_s: number;
                                write_max_s: number;
                                read_min_s: number;
                                read_max_s: number;
                            };
                            contact_window_days: number;
                            /** @enum {string} */
                            ai_writes: "approve" | "allow" | "off";
                            ai_instructions: string;
                            ai_usage_today: {
                                drafts: number;
                                classifications: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                drafts_per_day: number;
                                classifications_per_day: number;
                            };
                            reply_labels: {
                                name: string;
                                description: string;
                            }[];
                            weekly_summary: boolean;
                            warm_up: {
                                enabled: boolean;
                                days: number;
                                start_factor: number;
                            };
                            withdraw_pending_after_days: number;
                            team_stops_together: boolean;
                            writes_paused: {
                                kinds: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                                /** @enum {string} */
                                signal: "network_challenge" | "network_rate_limited";
                                member_email: string | null;
                                since: string;
                                until: string;
                            } | null;
                        };
                        me: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                        };
                        members: {
                            user_id: string | null;
                            email: string;
                            full_name: string | null;
                            /** @enum {string} */
                            role: "admin" | "member";
                            /** @enum {string} */
                            status: "active" | "invited";
                            joined_at: string | null;
                            last_active_at: string | null;
                            agent_active: boolean;
                            network_signed_in: boolean | null;
                            network_public_identifier: string | null;
                            paused: boolean | null;
                            extension_version: string | null;
                            invite_limited_until: string | null;
                            network_map_version: number | null;
                            network_health: {
                                call: string;
                                /** @enum {string} */
                                state: "degraded" | "broken";
                                working_alternative: string | null;
                                failures: {
                                    alternative: string;
                                    status: number | null;
                                    code: string;
                                    message: string;
                                    count: number;
                                    last_at: string;
                                }[];
                            }[];
                            operation_health: {
                                operation: string;
                                map_version: number;
                                /** @enum {string} */
                                state: "degraded" | "broken" | "unknown";
                                since: string;
                                last_at: string;
                                runs: number;
                                failed_runs: number;
                                missing_fields: {
                                    call: string;
                                    alternative: string;
                                    field: string;
                                    results: number;
                                    missing: number;
                                    since: string;
                                    last_at: string;
                                }[];
                                failed_ways: {
                                    call: string;
                                    alternative: string;
                                    status: number | null;
                                    code: string;
                                    message: string;
                                    count: number;
                                    since: string;
                                    last_at: string;
                                }[];
                                unknown_since: string | null;
                                last_reported_at: string | null;
                            }[];
                            consent_acknowledged_at: string | null;
                            consent_version: string | null;
                            consent_current: boolean;
                            refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                            weekly_summary_mail: boolean;
                            safety?: {
                                budgets: {
                                    /** @enum {string} */
                                    task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                    per_day: number | null;
                                    per_week: number | null;
                                    team_per_day?: number | null;
                                    team_per_week?: number | null;
                                    used_today: number;
                                    used_this_week: number;
                                    next_free_at: string | null;
                                }[];
                                working_hours: {
                                    days: number[];
                                    start: string;
                                    end: string;
                                    time_zone: string;
                                } | null;
                                writes_open: boolean;
                                writes_open_at: string | null;
                                waiting: {
                                    task_id: string;
                                    /** @enum {string} */
                                    task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                    scheduled_for: string | null;
                                    waiting_reason: string;
                                }[];
                                reduced?: {
                                    factor: number;
                                    why: string;
                                    warming_up: boolean;
                                    /** @enum {string} */
                                    health_level: "good" | "watch" | "poor";
                                } | null;
                            } | null;
                            warm_up: {
                                started_at: string;
                                ends_at: string;
                                factor: number;
                                day: number;
                                days: number;
                            } | null;
                            health: {
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                factors: {
                                    /** @enum {string} */
                                    name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                    value: number | null;
                                    score: number;
                                    /** @enum {string} */
                                    level: "good" | "watch" | "poor";
                                    why: string;
                                }[];
                                budget_factor: number;
                                checked_at: string | null;
                                changed_at: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    budgets?: {
                        agent_profile_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_profiles_tracking?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_like_post?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_comment_post?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_connection_request?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_company_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_company_posts_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_profiles_search?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_connections_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_send_message?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_keyword_tracking?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_company_tracking?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_conversations_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_conversation_messages_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_conversation_mark_read?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_sent_invitations_fetch?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                        agent_invitation_withdraw?: {
                            per_day?: number | null;
                            per_week?: number | null;
                        } | null;
                    };
                    pacing?: {
                        write_min_s?: number;
                        write_max_s?: number;
                        read_min_s?: number;
                        read_max_s?: number;
                    } | null;
                    i_accept_the_risk?: boolean;
                    contact_window_days?: number;
                    /** @enum {string} */
                    ai_writes?: "approve" | "allow" | "off";
                    weekly_summary?: boolean;
                    warm_up?: {
                        enabled?: boolean;
                        days?: number;
                        start_factor?: number;
                    } | null;
                    withdraw_pending_after_days?: number;
                    team_stops_together?: boolean;
                    /** @constant */
                    resume_writes?: true;
                    ai_instructions?: string;
                    reply_labels?: {
                        name: string;
                        description: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The team with its new settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        team: {
                            id: string;
                            name: string;
                            plan: string;
                            agent_active: boolean;
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                default_per_day: number | null;
                                default_per_week: number | null;
                            }[];
                            pacing: {
                                write_min_s: number;
                                write_max_s: number;
                                read_min_s: number;
                                read_max_s: number;
                            };
                            contact_window_days: number;
                            /** @enum {string} */
                            ai_writes: "approve" | "allow" | "off";
                            ai_instructions: string;
                            ai_usage_today: {
                                drafts: number;
                                classifications: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                drafts_per_day: number;
                                classifications_per_day: number;
                            };
                            reply_labels: {
                                name: string;
                                description: string;
                            }[];
                            weekly_summary: boolean;
                            warm_up: {
                                enabled: boolean;
                                days: number;
                                start_factor: number;
                            };
                            withdraw_pending_after_days: number;
                            team_stops_together: boolean;
                            writes_paused: {
                                kinds: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                                /** @enum {string} */
                                signal: "network_challenge" | "network_rate_limited";
                                member_email: string | null;
                                since: string;
                                until: string;
                            } | null;
                        };
                        me: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                        };
                        members: {
                            user_id: string | null;
                            email: string;
                            full_name: string | null;
                            /** @enum {string} */
                            role: "admin" | "member";
                            /** @enum {string} */
                            status: "active" | "invited";
                            joined_at: string | null;
                            last_active_at: string | null;
                            agent_active: boolean;
                            network_signed_in: boolean | null;
                            network_public_identifier: string | null;
                            paused: boolean | null;
                            extension_version: string | null;
                            invite_limited_until: string | null;
                            network_map_version: number | null;
                            network_health: {
                                call: string;
                                /** @enum {string} */
                                state: "degraded" | "broken";
                                working_alternative: string | null;
                                failures: {
                                    alternative: string;
                                    status: number | null;
                                    code: string;
                                    message: string;
                                    count: number;
                                    last_at: string;
                                }[];
                            }[];
                            operation_health: {
                                operation: string;
                                map_version: number;
                                /** @enum {string} */
                                state: "degraded" | "broken" | "unknown";
                                since: string;
                                last_at: string;
                                runs: number;
                                failed_runs: number;
                                missing_fields: {
                                    call: string;
                                    alternative: string;
                                    field: string;
                                    results: number;
                                    missing: number;
                                    since: string;
                                    last_at: string;
                                }[];
                                failed_ways: {
                                    call: string;
                                    alternative: string;
                                    status: number | null;
                                    code: string;
                                    message: string;
                                    count: number;
                                    since: string;
                                    last_at: string;
                                }[];
                                unknown_since: string | null;
                                last_reported_at: string | null;
                            }[];
                            consent_acknowledged_at: string | null;
                            consent_version: string | null;
                            consent_current: boolean;
                            refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                            weekly_summary_mail: boolean;
                            safety?: {
                                budgets: {
                                    /** @enum {string} */
                                    task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                    per_day: number | null;
                                    per_week: number | null;
                                    team_per_day?: number | null;
                                    team_per_week?: number | null;
                                    used_today: number;
                                    used_this_week: number;
                                    next_free_at: string | null;
                                }[];
                                working_hours: {
                                    days: number[];
                                    start: string;
                                    end: string;
                                    time_zone: string;
                                } | null;
                                writes_open: boolean;
                                writes_open_at: string | null;
                                waiting: {
                                    task_id: string;
                                    /** @enum {string} */
                                    task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                    scheduled_for: string | null;
                                    waiting_reason: string;
                                }[];
                                reduced?: {
                                    factor: number;
                                    why: string;
                                    warming_up: boolean;
                                    /** @enum {string} */
                                    health_level: "good" | "watch" | "poor";
                                } | null;
                            } | null;
                            warm_up: {
                                started_at: string;
                                ends_at: string;
                                factor: number;
                                day: number;
                                days: number;
                            } | null;
                            health: {
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                factors: {
                                    /** @enum {string} */
                                    name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                    value: number | null;
                                    score: number;
                                    /** @enum {string} */
                                    level: "good" | "watch" | "poor";
                                    why: string;
                                }[];
                                budget_factor: number;
                                checked_at: string | null;
                                changed_at: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description A value out of range, or riskier than the default without the risk accepted (`Invalid 'budgets.agent_connection_request.per_day': 40 is above the default of 25; …`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may change its members */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiTeamMembersWorkingHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    working_hours: {
                        days: number[];
                        start: string;
                        end: string;
                        time_zone: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string | null;
                        email: string;
                        full_name: string | null;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /** @enum {string} */
                        status: "active" | "invited";
                        joined_at: string | null;
                        last_active_at: string | null;
                        agent_active: boolean;
                        network_signed_in: boolean | null;
                        network_public_identifier: string | null;
                        paused: boolean | null;
                        extension_version: string | null;
                        invite_limited_until: string | null;
                        network_map_version: number | null;
                        network_health: {
                            call: string;
                            /** @enum {string} */
                            state: "degraded" | "broken";
                            working_alternative: string | null;
                            failures: {
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                last_at: string;
                            }[];
                        }[];
                        operation_health: {
                            operation: string;
                            map_version: number;
                            /** @enum {string} */
                            state: "degraded" | "broken" | "unknown";
                            since: string;
                            last_at: string;
                            runs: number;
                            failed_runs: number;
                            missing_fields: {
                                call: string;
                                alternative: string;
                                field: string;
                                results: number;
                                missing: number;
                                since: string;
                                last_at: string;
                            }[];
                            failed_ways: {
                                call: string;
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                since: string;
                                last_at: string;
                            }[];
                            unknown_since: string | null;
                            last_reported_at: string | null;
                        }[];
                        consent_acknowledged_at: string | null;
                        consent_version: string | null;
                        consent_current: boolean;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        weekly_summary_mail: boolean;
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        } | null;
                        warm_up: {
                            started_at: string;
                            ends_at: string;
                            factor: number;
                            day: number;
                            days: number;
                        } | null;
                        health: {
                            score: number;
                            /** @enum {string} */
                            level: "good" | "watch" | "poor";
                            factors: {
                                /** @enum {string} */
                                name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                value: number | null;
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                why: string;
                            }[];
                            budget_factor: number;
                            checked_at: string | null;
                            changed_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: a member may set only their own working hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Member not found` in this team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiTeamMembersWeeklySummaryMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    weekly_summary_mail: boolean;
                };
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string | null;
                        email: string;
                        full_name: string | null;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /** @enum {string} */
                        status: "active" | "invited";
                        joined_at: string | null;
                        last_active_at: string | null;
                        agent_active: boolean;
                        network_signed_in: boolean | null;
                        network_public_identifier: string | null;
                        paused: boolean | null;
                        extension_version: string | null;
                        invite_limited_until: string | null;
                        network_map_version: number | null;
                        network_health: {
                            call: string;
                            /** @enum {string} */
                            state: "degraded" | "broken";
                            working_alternative: string | null;
                            failures: {
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                last_at: string;
                            }[];
                        }[];
                        operation_health: {
                            operation: string;
                            map_version: number;
                            /** @enum {string} */
                            state: "degraded" | "broken" | "unknown";
                            since: string;
                            last_at: string;
                            runs: number;
                            failed_runs: number;
                            missing_fields: {
                                call: string;
                                alternative: string;
                                field: string;
                                results: number;
                                missing: number;
                                since: string;
                                last_at: string;
                            }[];
                            failed_ways: {
                                call: string;
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                since: string;
                                last_at: string;
                            }[];
                            unknown_since: string | null;
                            last_reported_at: string | null;
                        }[];
                        consent_acknowledged_at: string | null;
                        consent_version: string | null;
                        consent_current: boolean;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        weekly_summary_mail: boolean;
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        } | null;
                        warm_up: {
                            started_at: string;
                            ends_at: string;
                            factor: number;
                            day: number;
                            days: number;
                        } | null;
                        health: {
                            score: number;
                            /** @enum {string} */
                            level: "good" | "watch" | "poor";
                            factors: {
                                /** @enum {string} */
                                name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                value: number | null;
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                why: string;
                            }[];
                            budget_factor: number;
                            checked_at: string | null;
                            changed_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: a member may set only their own */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Member not found` in this team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /**
                     * @default member
                     * @enum {string}
                     */
                    role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Invited */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string | null;
                        email: string;
                        full_name: string | null;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /** @enum {string} */
                        status: "active" | "invited";
                        joined_at: string | null;
                        last_active_at: string | null;
                        agent_active: boolean;
                        network_signed_in: boolean | null;
                        network_public_identifier: string | null;
                        paused: boolean | null;
                        extension_version: string | null;
                        invite_limited_until: string | null;
                        network_map_version: number | null;
                        network_health: {
                            call: string;
                            /** @enum {string} */
                            state: "degraded" | "broken";
                            working_alternative: string | null;
                            failures: {
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                last_at: string;
                            }[];
                        }[];
                        operation_health: {
                            operation: string;
                            map_version: number;
                            /** @enum {string} */
                            state: "degraded" | "broken" | "unknown";
                            since: string;
                            last_at: string;
                            runs: number;
                            failed_runs: number;
                            missing_fields: {
                                call: string;
                                alternative: string;
                                field: string;
                                results: number;
                                missing: number;
                                since: string;
                                last_at: string;
                            }[];
                            failed_ways: {
                                call: string;
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                since: string;
                                last_at: string;
                            }[];
                            unknown_since: string | null;
                            last_reported_at: string | null;
                        }[];
                        consent_acknowledged_at: string | null;
                        consent_version: string | null;
                        consent_current: boolean;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        weekly_summary_mail: boolean;
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        } | null;
                        warm_up: {
                            started_at: string;
                            ends_at: string;
                            factor: number;
                            day: number;
                            days: number;
                        } | null;
                        health: {
                            score: number;
                            /** @enum {string} */
                            level: "good" | "watch" | "poor";
                            factors: {
                                /** @enum {string} */
                                name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                value: number | null;
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                why: string;
                            }[];
                            budget_factor: number;
                            checked_at: string | null;
                            changed_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may change its members */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already a member of (or invited to) this team */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description You have sent your invitations for the UTC day (`INVITATIONS_PER_MEMBER_DAY`), or the team has (`INVITATIONS_PER_TEAM_DAY`); the message says which, `Retry-After` gives the seconds to wait */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiTeamMembers: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may change its members */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Member not found` in this team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Role set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string | null;
                        email: string;
                        full_name: string | null;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /** @enum {string} */
                        status: "active" | "invited";
                        joined_at: string | null;
                        last_active_at: string | null;
                        agent_active: boolean;
                        network_signed_in: boolean | null;
                        network_public_identifier: string | null;
                        paused: boolean | null;
                        extension_version: string | null;
                        invite_limited_until: string | null;
                        network_map_version: number | null;
                        network_health: {
                            call: string;
                            /** @enum {string} */
                            state: "degraded" | "broken";
                            working_alternative: string | null;
                            failures: {
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                last_at: string;
                            }[];
                        }[];
                        operation_health: {
                            operation: string;
                            map_version: number;
                            /** @enum {string} */
                            state: "degraded" | "broken" | "unknown";
                            since: string;
                            last_at: string;
                            runs: number;
                            failed_runs: number;
                            missing_fields: {
                                call: string;
                                alternative: string;
                                field: string;
                                results: number;
                                missing: number;
                                since: string;
                                last_at: string;
                            }[];
                            failed_ways: {
                                call: string;
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                since: string;
                                last_at: string;
                            }[];
                            unknown_since: string | null;
                            last_reported_at: string | null;
                        }[];
                        consent_acknowledged_at: string | null;
                        consent_version: string | null;
                        consent_current: boolean;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        weekly_summary_mail: boolean;
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        } | null;
                        warm_up: {
                            started_at: string;
                            ends_at: string;
                            factor: number;
                            day: number;
                            days: number;
                        } | null;
                        health: {
                            score: number;
                            /** @enum {string} */
                            level: "good" | "watch" | "poor";
                            factors: {
                                /** @enum {string} */
                                name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                value: number | null;
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                why: string;
                            }[];
                            budget_factor: number;
                            checked_at: string | null;
                            changed_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may change its members */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Member not found` in this team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiTeamMembersWarmUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @constant */
                    ends_now: true;
                    i_accept_the_risk?: boolean;
                };
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string | null;
                        email: string;
                        full_name: string | null;
                        /** @enum {string} */
                        role: "admin" | "member";
                        /** @enum {string} */
                        status: "active" | "invited";
                        joined_at: string | null;
                        last_active_at: string | null;
                        agent_active: boolean;
                        network_signed_in: boolean | null;
                        network_public_identifier: string | null;
                        paused: boolean | null;
                        extension_version: string | null;
                        invite_limited_until: string | null;
                        network_map_version: number | null;
                        network_health: {
                            call: string;
                            /** @enum {string} */
                            state: "degraded" | "broken";
                            working_alternative: string | null;
                            failures: {
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                last_at: string;
                            }[];
                        }[];
                        operation_health: {
                            operation: string;
                            map_version: number;
                            /** @enum {string} */
                            state: "degraded" | "broken" | "unknown";
                            since: string;
                            last_at: string;
                            runs: number;
                            failed_runs: number;
                            missing_fields: {
                                call: string;
                                alternative: string;
                                field: string;
                                results: number;
                                missing: number;
                                since: string;
                                last_at: string;
                            }[];
                            failed_ways: {
                                call: string;
                                alternative: string;
                                status: number | null;
                                code: string;
                                message: string;
                                count: number;
                                since: string;
                                last_at: string;
                            }[];
                            unknown_since: string | null;
                            last_reported_at: string | null;
                        }[];
                        consent_acknowledged_at: string | null;
                        consent_version: string | null;
                        consent_current: boolean;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        weekly_summary_mail: boolean;
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        } | null;
                        warm_up: {
                            started_at: string;
                            ends_at: string;
                            factor: number;
                            day: number;
                            days: number;
                        } | null;
                        health: {
                            score: number;
                            /** @enum {string} */
                            level: "good" | "watch" | "poor";
                            factors: {
                                /** @enum {string} */
                                name: "acceptance_rate" | "pending_invitations" | "limit_signals" | "connections" | "write_failures";
                                value: number | null;
                                score: number;
                                /** @enum {string} */
                                level: "good" | "watch" | "poor";
                                why: string;
                            }[];
                            budget_factor: number;
                            checked_at: string | null;
                            changed_at: string | null;
                        } | null;
                    };
                };
            };
            /** @description Without the risk accepted: `Invalid 'ends_now': ending grace@example.com's warm-up gives their account the team's full budgets at once; send "i_accept_the_risk": true to allow it` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may change its members */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Member not found` in this team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiTeamInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitations, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: {
                            team_id: string;
                            team_name: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            invited_at: string;
                            leaving: {
                                team_id: string;
                                team_name: string;
                                only_admin: boolean;
                                next_admin: string | null;
                                other_members: number;
                            };
                        }[];
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiTeamInvitationsAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    team_id: string;
                };
            };
        };
        responses: {
            /** @description Joined */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        team: {
                            id: string;
                            name: string;
                            api_key: string;
                        };
                        agent_token: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Invitation not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiTeamInvitationsDecline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    team_id: string;
                };
            };
        };
        responses: {
            /** @description Declined */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Invitation not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiTeamKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: string;
                        rotated_at: string;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiTeamKeyRotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: string;
                        rotated_at: string;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team may rotate its key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            scope: "read" | "write" | "ai";
                            created_by: string | null;
                            created_at: string;
                            last_used_at: string | null;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its keys, or `Access denied: this API key’s scope is …`: a key of one purpose */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    scope: "read" | "write" | "ai";
                };
            };
        };
        responses: {
            /** @description Made; keep the secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        scope: "read" | "write" | "ai";
                        api_key: string;
                        created_at: string;
                    };
                };
            };
            /** @description `Missing or invalid 'name': …`, `Missing or invalid 'scope': …`, `A team has at most 50 API keys; revoke one first` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its keys, or `Access denied: this API key’s scope is …`: a key of one purpose */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description `Invalid API key id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its keys, or `Access denied: this API key’s scope is …`: a key of one purpose */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `API key not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profile_slug: string;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (`member_email`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchProfilesPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profile_urns: string[];
                    count?: number;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (`member_email`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentLikePost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    social_urn: string;
                    /** @enum {string} */
                    reaction_type?: "LIKE" | "PRAISE" | "APPRECIATION" | "EMPATHY" | "INTEREST" | "ENTERTAINMENT";
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: the post’s author is on the team’s do-not-contact list …` (a person or a company page, or they work at a listed company) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentCommentPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    social_urn: string;
                    comment_text: string;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: the post’s author is on the team’s do-not-contact list …` (a person or a company page, or they work at a listed company) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentSendConnectionRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profile_urn: string;
                    force?: boolean;
                    note?: string;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours, or `Access denied: only a signed-in member may force past the contact window …`: `force` sent with the key alone (no member’s agent token) or with an `ai` key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: this person is on the team’s do-not-contact list …` (or works at a listed company), or `Refused: this person was contacted by <email> on <date> …`: another member invited or messaged them within the team’s contact window; `force: true` queues it anyway, or `Refused: an invitation to this person was withdrawn on <date>; the network refuses a new one until <date>`: any member withdrew one within 21 days (docs/budgets.md, "Hygiene"), or `Refused: this person already has a pending invitation from <email> (sent <date>)`: a member’s invitation to them waits for an answer, or is queued; `force` does not pass it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `LinkedIn invitation limit reached`: the admin hit the weekly invitation limit; retry later */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    company: string;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (`member_email`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchCompanyPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    company: string;
                    /** @default 20 */
                    count?: number;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (`member_email`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentSearchProfiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keywords?: string;
                    title?: string;
                    company?: string;
                    location?: string;
                    network_degree?: ("first" | "second" | "third")[];
                    /** @default 0 */
                    start?: number;
                    /** @default 10 */
                    count?: number;
                    member_email?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (`member_email`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    /** @default 0 */
                    start?: number;
                    /** @default 40 */
                    count?: number;
                    /** Format: date-time */
                    since?: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentSendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    profile_urn?: string;
                    conversation_urn?: string;
                    message_text: string;
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours, or `Access denied: only a signed-in member may force past the contact window …`: `force` sent with the key alone (no member’s agent token) or with an `ai` key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: this person is on the team’s do-not-contact list …` (or works at a listed company), or for a new message `Refused: this person was contacted by <email> on <date> …`: another member invited or messaged them within the team’s contact window; `force: true` queues it anyway */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchConversations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    /** @default false */
                    unread_only?: boolean;
                    /** @default 20 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchConversationMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    conversation_urn: string;
                    /** @default 20 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentMarkConversationRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    conversation_urn: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentFetchSentInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    /** @default 100 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNetworkAgentWithdrawConnectionRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_email?: string;
                    profile_urn: string;
                };
            };
        };
        responses: {
            /** @description Task queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** Format: uuid */
                        api_agent_task_id: string;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …`: no member’s extension was active in the last 48 hours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, or `No admin user found in the team` without `member_email` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNetworkAgentGetTaskStatus: {
        parameters: {
            query: {
                api_agent_task_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            status: "awaiting_approval" | "pending" | "processing" | "completed" | "failed";
                            task_input: {
                                [key: string]: unknown;
                            };
                            task_output: {
                                [key: string]: unknown;
                            } | null;
                            error?: {
                                /** @enum {string} */
                                code: "network_signed_out" | "network_rate_limited" | "network_challenge" | "invitation_limit" | "not_found" | "access_denied" | "not_first_degree" | "already_connected" | "invitation_pending" | "invitation_not_found" | "network_changed" | "network_error" | "timeout" | "paused_by_user" | "agent_lost" | "refused_by_member" | "stopped_by_reply" | "sequence_stopped" | "sender_changed" | "rejected_by_member" | "approval_expired";
                                message: string;
                            } | null;
                            created_at?: string;
                            updated_at?: string;
                            scheduled_for?: string | null;
                            waiting_reason?: string | null;
                        };
                    };
                };
            };
            /** @description `Missing or invalid 'api_agent_task_id'` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Task not found`: no task of this team has that id (another team’s task answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    extension_version: string;
                    browser: string;
                    network: {
                        signed_in: boolean;
                        member_urn?: string | null;
                        public_identifier?: string | null;
                    };
                    paused: boolean;
                    pause_reason?: string | null;
                    network_map_version?: number;
                    network_map_format?: number;
                    network_health?: {
                        call: string;
                        /** @enum {string} */
                        state: "degraded" | "broken";
                        working_alternative: string | null;
                        failures: {
                            alternative: string;
                            status: number | null;
                            code: string;
                            message: string;
                            count: number;
                            last_at: string;
                        }[];
                    }[];
                    operation_health?: {
                        operation: string;
                        map_version: number;
                        /** @enum {string} */
                        state: "degraded" | "broken";
                        since: string;
                        last_at: string;
                        runs: number;
                        failed_runs: number;
                        missing_fields: {
                            call: string;
                            alternative: string;
                            field: string;
                            results: number;
                            missing: number;
                            since: string;
                            last_at: string;
                        }[];
                        failed_ways: {
                            call: string;
                            alternative: string;
                            status: number | null;
                            code: string;
                            message: string;
                            count: number;
                            since: string;
                            last_at: string;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Who the agent is and how often to call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        server_time: string;
                        member: {
                            id: string;
                            email: string;
                            full_name: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                        };
                        team: {
                            id: string;
                            name: string;
                        };
                        heartbeat_every_s: number;
                        claim_wait_s: number;
                        network_map?: {
                            /** @constant */
                            format: 3;
                            version: number;
                            calls: {
                                me: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                profile: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                profile_relationship: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                profile_posts: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                company: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                company_posts: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                people_search: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                content_search: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                post: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                connections: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                like: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                like_as_page: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                comment: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                message: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                invitation: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                inbox: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                thread: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                mark_read: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                sent_invitations: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                                withdrawal: {
                                    id: string;
                                    /** @enum {string} */
                                    method: "GET" | "POST";
                                    /** @constant */
                                    kind?: "sdui";
                                    path: string;
                                    query?: [
                                        string,
                                        string | number | boolean | {
                                            restli: components["schemas"]["__schema0"];
                                        }
                                    ][];
                                    body?: components["schemas"]["__schema0"];
                                    /** @enum {string} */
                                    accept?: "normalized" | "json";
                                    requires?: string[];
                                    next_on?: number[];
                                    read?: {
                                        list?: string[];
                                        one?: string[];
                                        total?: string[];
                                        token?: string[];
                                        names?: {
                                            [key: string]: string[];
                                        };
                                        fields?: {
                                            me: {
                                                [key: string]: string[];
                                            };
                                            profile: {
                                                [key: string]: string[];
                                            };
                                            position: {
                                                [key: string]: string[];
                                            };
                                            education: {
                                                [key: string]: string[];
                                            };
                                            skill: {
                                                [key: string]: string[];
                                            };
                                            relationship: {
                                                [key: string]: string[];
                                            };
                                            post: {
                                                [key: string]: string[];
                                            };
                                            search_item: {
                                                [key: string]: string[];
                                            };
                                            post_result: {
                                                [key: string]: string[];
                                            };
                                            person_result: {
                                                [key: string]: string[];
                                            };
                                            connection: {
                                                [key: string]: string[];
                                            };
                                            company: {
                                                [key: string]: string[];
                                            };
                                            written: {
                                                [key: string]: string[];
                                            };
                                            inbox: {
                                                [key: string]: string[];
                                            };
                                            invitation: {
                                                [key: string]: string[];
                                            };
                                        };
                                    };
                                    paging?: {
                                        /** @enum {string} */
                                        by: "start" | "token";
                                        max_count: number;
                                    };
                                    learn?: string;
                                    source?: string;
                                }[];
                            };
                            fields: {
                                me: {
                                    [key: string]: string[];
                                };
                                profile: {
                                    [key: string]: string[];
                                };
                                position: {
                                    [key: string]: string[];
                                };
                                education: {
                                    [key: string]: string[];
                                };
                                skill: {
                                    [key: string]: string[];
                                };
                                relationship: {
                                    [key: string]: string[];
                                };
                                post: {
                                    [key: string]: string[];
                                };
                                search_item: {
                                    [key: string]: string[];
                                };
                                post_result: {
                                    [key: string]: string[];
                                };
                                person_result: {
                                    [key: string]: string[];
                                };
                                connection: {
                                    [key: string]: string[];
                                };
                                company: {
                                    [key: string]: string[];
                                };
                                written: {
                                    [key: string]: string[];
                                };
                                inbox: {
                                    [key: string]: string[];
                                };
                                invitation: {
                                    [key: string]: string[];
                                };
                            };
                            pacing: {
                                between_pages_ms: [
                                    number,
                                    number
                                ];
                            };
                        };
                        pacing?: {
                            write_min_s: number;
                            write_max_s: number;
                            read_min_s: number;
                            read_max_s: number;
                        };
                        safety?: {
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                team_per_day?: number | null;
                                team_per_week?: number | null;
                                used_today: number;
                                used_this_week: number;
                                next_free_at: string | null;
                            }[];
                            working_hours: {
                                days: number[];
                                start: string;
                                end: string;
                                time_zone: string;
                            } | null;
                            writes_open: boolean;
                            writes_open_at: string | null;
                            waiting: {
                                task_id: string;
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                scheduled_for: string | null;
                                waiting_reason: string;
                            }[];
                            reduced?: {
                                factor: number;
                                why: string;
                                warming_up: boolean;
                                /** @enum {string} */
                                health_level: "good" | "watch" | "poor";
                            } | null;
                        };
                        invitations?: {
                            team_id: string;
                            team_name: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            invited_at: string;
                            leaving: {
                                team_id: string;
                                team_name: string;
                                only_admin: boolean;
                                next_admin: string | null;
                                other_members: number;
                            };
                        }[];
                        awaiting_approval?: number;
                        consent: {
                            version: string;
                            acknowledged: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentTasksClaim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 20 */
                    wait_s?: number;
                    exclude_types?: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                };
            };
        };
        responses: {
            /** @description A claimed task */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task: {
                            id: string;
                            /** @enum {string} */
                            type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                            input: {
                                [key: string]: unknown;
                            };
                            attempt: number;
                            lease_expires_at: string;
                        };
                    };
                };
            };
            /** @description No task within `wait_s` */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Consent required: …`: the member has not acknowledged the current consent text (`GET /agent/consent`); their tasks wait */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `This member holds its most waiting claims (…)`, `This team holds its most waiting claims (…)` or `This instance holds its most waiting claims (…)`: no task was claimable and the member (`MAX_WAITING_CLAIMS_PER_MEMBER`), the team (`MAX_WAITING_CLAIMS_PER_TEAM`) or the instance (`MAX_WAITING_CLAIMS`) holds its most waiting claims; try again after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentTasksByIdExtend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attempt: number;
                };
            };
        };
        responses: {
            /** @description New lease end */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lease_expires_at: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Task not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Lease lost`: not the current attempt, or not this member’s claim; nothing changed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentTasksByIdComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attempt: number;
                    output: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Completed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "completed";
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Task not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Lease lost`: not the current attempt, or not this member’s claim; nothing changed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentTasksByIdFail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attempt: number;
                    error: {
                        /** @enum {string} */
                        code: "network_signed_out" | "network_rate_limited" | "network_challenge" | "invitation_limit" | "not_found" | "access_denied" | "not_first_degree" | "already_connected" | "invitation_pending" | "invitation_not_found" | "network_changed" | "network_error" | "timeout" | "paused_by_user" | "agent_lost";
                        message: string;
                        retryable: boolean;
                        retry_after?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The task’s new status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "pending" | "failed";
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Task not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Lease lost`: not the current attempt, or not this member’s claim; nothing changed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The text and the member’s answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: string;
                        text: string;
                        task_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        acknowledged_version: string | null;
                        acknowledged_at: string | null;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: string;
                    refused_types?: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                };
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: string;
                        text: string;
                        task_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        acknowledged_version: string | null;
                        acknowledged_at: string | null;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Consent text changed: …`: `version` is not the current text’s; nothing was recorded */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAgentConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: string;
                        text: string;
                        task_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                        acknowledged_version: string | null;
                        acknowledged_at: string | null;
                        refused_types: ("agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw")[];
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentActivity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The actions done in the member’s name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            id: string;
                            /** @enum {string} */
                            type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                            /** @enum {string} */
                            status: "awaiting_approval" | "pending" | "processing" | "completed" | "failed";
                            attempt: number;
                            error: {
                                /** @enum {string} */
                                code: "network_signed_out" | "network_rate_limited" | "network_challenge" | "invitation_limit" | "not_found" | "access_denied" | "not_first_degree" | "already_connected" | "invitation_pending" | "invitation_not_found" | "network_changed" | "network_error" | "timeout" | "paused_by_user" | "agent_lost" | "refused_by_member" | "stopped_by_reply" | "sequence_stopped" | "sender_changed" | "rejected_by_member" | "approval_expired";
                                message: string;
                            } | null;
                            assigned_email: string | null;
                            claimed_by_email: string | null;
                            assigned_name: string | null;
                            claimed_by_name: string | null;
                            target: {
                                /** @enum {string} */
                                kind: "profile" | "profiles" | "post" | "company" | "keyword" | "search" | "connections" | "inbox" | "conversation" | "invitations";
                                label: string;
                                url: string | null;
                                post_id: string | null;
                            };
                            watchlist: {
                                id: string;
                                name: string;
                            } | null;
                            as_company: string | null;
                            queued_by: {
                                /** @enum {string} */
                                kind: "api_key" | "member" | "watchlist" | "sync" | "sequence" | "mcp" | "ai";
                                email: string | null;
                                name: string | null;
                                client: string | null;
                                model?: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key` or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiTasks: {
        parameters: {
            query?: {
                status?: "awaiting_approval" | "pending" | "processing" | "completed" | "failed";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            id: string;
                            /** @enum {string} */
                            type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                            /** @enum {string} */
                            status: "awaiting_approval" | "pending" | "processing" | "completed" | "failed";
                            attempt: number;
                            error: {
                                /** @enum {string} */
                                code: "network_signed_out" | "network_rate_limited" | "network_challenge" | "invitation_limit" | "not_found" | "access_denied" | "not_first_degree" | "already_connected" | "invitation_pending" | "invitation_not_found" | "network_changed" | "network_error" | "timeout" | "paused_by_user" | "agent_lost" | "refused_by_member" | "stopped_by_reply" | "sequence_stopped" | "sender_changed" | "rejected_by_member" | "approval_expired";
                                message: string;
                            } | null;
                            assigned_email: string | null;
                            claimed_by_email: string | null;
                            assigned_name: string | null;
                            claimed_by_name: string | null;
                            target: {
                                /** @enum {string} */
                                kind: "profile" | "profiles" | "post" | "company" | "keyword" | "search" | "connections" | "inbox" | "conversation" | "invitations";
                                label: string;
                                url: string | null;
                                post_id: string | null;
                            };
                            watchlist: {
                                id: string;
                                name: string;
                            } | null;
                            as_company: string | null;
                            queued_by: {
                                /** @enum {string} */
                                kind: "api_key" | "member" | "watchlist" | "sync" | "sequence" | "mcp" | "ai";
                                email: string | null;
                                name: string | null;
                                client: string | null;
                                model?: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Invalid `status` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiPosts: {
        parameters: {
            query?: {
                watchlist_id?: string;
                page?: string;
                range_from?: string;
                range_to?: string;
                start_date?: string;
                end_date?: string;
                seniority_level?: string;
                sort_by?: "recent" | "popular_first" | "engagement";
                trending?: "true" | "false";
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page and the total number of matching posts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            content: string;
                            author_name: string;
                            author_url: string;
                            linkedin_post_url: string;
                            posted_at: string;
                            likes_count: number;
                            comments_count: number;
                            liked: boolean;
                            commented: boolean;
                            shares_count: number;
                            /** @enum {string} */
                            seniority_level: "owner" | "cxo" | "vp" | "director" | "manager" | "senior" | "entry" | "intern" | "unknown";
                            trending_score: number;
                            counts_known: boolean;
                        }[];
                        count: number;
                    };
                    "text/csv": string;
                };
            };
            /** @description A parameter has a bad value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiLike: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    post_id: string;
                    user_email: string;
                    /**
                     * @default user
                     * @enum {string}
                     */
                    actor_type?: "user" | "company";
                    company_title?: string;
                };
            };
        };
        responses: {
            /** @description Like queued; `task_id` is polled with get-task-status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        task_id: string;
                    };
                };
            };
            /** @description Invalid body (`company_title` is required with actor_type company) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …` (no extension active in 48 hours) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Post not found or access denied` or `User not found in the team` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: the post’s author is on the team’s do-not-contact list …`: the post’s author (a person or a company page), or their company, is listed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiComment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    post_id: string;
                    user_email: string;
                    /**
                     * @default user
                     * @enum {string}
                     */
                    actor_type?: "user" | "company";
                    company_title?: string;
                    comment_text: string;
                };
            };
        };
        responses: {
            /** @description Comment queued; `task_id` is polled with get-task-status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        task_id: string;
                    };
                };
            };
            /** @description Invalid body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …` (no extension active in 48 hours) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Post not found or access denied` or `User not found in the team` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: the post’s author is on the team’s do-not-contact list …`: the post’s author (a person or a company page), or their company, is listed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKeywordWatchlist: {
        parameters: {
            query?: {
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list, or one watchlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watchlists: {
                            id: string;
                            name: string;
                            slug: string;
                            /** @constant */
                            type: "keyword";
                            description: string | null;
                            keywords: {
                                id: string;
                                keyword: string;
                                required_keywords: string[];
                                excluded_keywords: string[];
                            }[];
                            labels: {
                                name: string;
                                /** @default  */
                                description: string;
                            }[];
                            fetchFreqInHours: number;
                            disable: boolean;
                            slack_webhook_url: string | null;
                            draft_comments: {
                                /** Format: email */
                                member_email: string;
                                instructions?: string;
                                /** @default 0 */
                                min_trending_score: number;
                                /** @default 5 */
                                max_per_day: number;
                            } | null;
                            prompt: string | null;
                            prompt_status: ("pending" | "ready" | "failed") | null;
                            prompt_error: string | null;
                            posts_count: number;
                            last_collection_at: string | null;
                            last_collected_at: string | null;
                            extension_active: boolean;
                            next_collection_at: string | null;
                            recent_cycles: {
                                started_at: string;
                                finished_at: string | null;
                                /** @enum {string} */
                                state: "running" | "done" | "failed";
                                tasks: number;
                                failed_tasks: number;
                                new_posts: number;
                            }[];
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        count: number;
                    } | {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "keyword";
                        description: string | null;
                        keywords: {
                            id: string;
                            keyword: string;
                            required_keywords: string[];
                            excluded_keywords: string[];
                        }[];
                        labels: {
                            name: string;
                            /** @default  */
                            description: string;
                        }[];
                        fetchFreqInHours: number;
                        disable: boolean;
                        slack_webhook_url: string | null;
                        draft_comments: {
                            /** Format: email */
                            member_email: string;
                            instructions?: string;
                            /** @default 0 */
                            min_trending_score: number;
                            /** @default 5 */
                            max_per_day: number;
                        } | null;
                        prompt: string | null;
                        prompt_status: ("pending" | "ready" | "failed") | null;
                        prompt_error: string | null;
                        posts_count: number;
                        last_collection_at: string | null;
                        last_collected_at: string | null;
                        extension_active: boolean;
                        next_collection_at: string | null;
                        recent_cycles: {
                            started_at: string;
                            finished_at: string | null;
                            /** @enum {string} */
                            state: "running" | "done" | "failed";
                            tasks: number;
                            failed_tasks: number;
                            new_posts: number;
                        }[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiKeywordWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keywords: (string | {
                        keyword: string;
                        required_keywords?: string[];
                        excluded_keywords?: string[];
                    })[];
                    name?: string;
                    description?: string;
                    labels?: {
                        name: string;
                        /** @default  */
                        description?: string;
                    }[];
                    /** @default 12 */
                    fetchFreqInHours?: unknown;
                } | {
                    prompt: string;
                    name?: string;
                    description?: string;
                    /** @default 12 */
                    fetchFreqInHours?: unknown;
                };
            };
        };
        responses: {
            /** @description Direct mode: an existing watchlist with the same keyword set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "keyword";
                        keywords: string[];
                        fetchFreqInHours: number;
                        labels: {
                            name: string;
                            /** @default  */
                            description: string;
                        }[];
                        created: boolean;
                        results: {
                            success: boolean;
                            keyword: string;
                            keyword_id?: string;
                            error?: string;
                        }[];
                    };
                };
            };
            /** @description Created (direct mode answer, or prompt mode answer with `prompt` and `message`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "keyword";
                        keywords: string[];
                        fetchFreqInHours: number;
                        labels: {
                            name: string;
                            /** @default  */
                            description: string;
                        }[];
                        created: boolean;
                        results: {
                            success: boolean;
                            keyword: string;
                            keyword_id?: string;
                            error?: string;
                        }[];
                    } | {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "keyword";
                        fetchFreqInHours: number;
                        prompt: string;
                        created: boolean;
                        message: string;
                    };
                };
            };
            /** @description `Missing required parameter: keywords`, `Invalid fetchFreqInHours value`, both modes at once, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiKeywordWatchlist: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        message: string;
                    };
                };
            };
            /** @description `Missing required parameter: id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiKeywordWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name?: string;
                    fetchFreqInHours?: unknown;
                    keywords?: (string | {
                        keyword: string;
                        required_keywords?: string[];
                        excluded_keywords?: string[];
                    })[];
                    labels?: {
                        name: string;
                        /** @default  */
                        description?: string;
                    }[];
                    disable?: boolean;
                    slack_webhook_url?: string | null;
                    draft_comments?: {
                        member_email: string;
                        instructions?: string;
                        /** @default 0 */
                        min_trending_score?: number;
                        /** @default 5 */
                        max_per_day?: number;
                    } | null;
                } | {
                    id: string;
                    prompt: string;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        id: string;
                        message: string;
                        name?: string;
                        fetchFreqInHours?: number;
                        disable?: boolean;
                        slack_webhook_url?: string | null;
                        draft_comments?: {
                            /** Format: email */
                            member_email: string;
                            instructions?: string;
                            /** @default 0 */
                            min_trending_score: number;
                            /** @default 5 */
                            max_per_day: number;
                        } | null;
                        keywords?: string[];
                        results?: {
                            success: boolean;
                            keyword: string;
                            keyword_id?: string;
                            error?: string;
                        }[];
                        labels?: {
                            name: string;
                            /** @default  */
                            description: string;
                        }[];
                        prompt?: string;
                    };
                };
            };
            /** @description `Missing required parameter: id`, `No valid update fields provided`, `keywords array is required and must not be empty`, `No valid keywords provided after cleaning`, `Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, `disable must be a boolean value`, `Name cannot be empty` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist); with `slack_webhook_url` sent, `Access denied: only an admin sets where the team's data is sent (slack_webhook_url): send the team key with an admin's agent token` or `Access denied: this API key's scope is ai (an AI client never sets where the team's data is sent)` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiPeopleWatchlist: {
        parameters: {
            query?: {
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watchlists: {
                            id: string;
                            name: string;
                            slug: string;
                            createdAt: string;
                            fetchFreqInHours: number;
                            disable: boolean;
                            posts_count: number;
                            last_collection_at: string | null;
                            last_collected_at: string | null;
                            extension_active: boolean;
                            next_collection_at: string | null;
                            recent_cycles: {
                                started_at: string;
                                finished_at: string | null;
                                /** @enum {string} */
                                state: "running" | "done" | "failed";
                                tasks: number;
                                failed_tasks: number;
                                new_posts: number;
                            }[];
                            /** @constant */
                            type: "people";
                            profiles_count: number;
                        }[];
                        count: number;
                    } | {
                        id: string;
                        name: string;
                        slug: string;
                        description: string | null;
                        fetchFreqInHours: number;
                        disable: boolean;
                        lists: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "people" | "company";
                            members_count: number;
                            createdAt: string;
                        }[];
                        posts_count: number;
                        last_collection_at: string | null;
                        last_collected_at: string | null;
                        extension_active: boolean;
                        next_collection_at: string | null;
                        recent_cycles: {
                            started_at: string;
                            finished_at: string | null;
                            /** @enum {string} */
                            state: "running" | "done" | "failed";
                            tasks: number;
                            failed_tasks: number;
                            new_posts: number;
                        }[];
                        createdAt: string;
                        /** @constant */
                        type: "people";
                        profiles_count: number;
                        profiles: string[];
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiPeopleWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profiles?: unknown[];
                    name?: string;
                    description?: string;
                    list_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "people";
                        profiles_count: number;
                        list_id: string;
                        created: boolean;
                    };
                };
            };
            /** @description Missing profiles, or `Invalid profile identifiers: …` naming the bad entries */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `List not found or access denied` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiPeopleWatchlist: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        message: string;
                    };
                };
            };
            /** @description `Missing required parameter: id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiPeopleWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name?: string;
                    fetchFreqInHours?: unknown;
                    disable?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        id: string;
                        message: string;
                        name?: string;
                        fetchFreqInHours?: number;
                        disable?: boolean;
                    };
                };
            };
            /** @description `Missing required parameter: id`, `No valid update fields provided`, `Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, `disable must be a boolean value`, `Name cannot be empty` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiCompanyWatchlist: {
        parameters: {
            query?: {
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watchlists: {
                            id: string;
                            name: string;
                            slug: string;
                            createdAt: string;
                            fetchFreqInHours: number;
                            disable: boolean;
                            posts_count: number;
                            last_collection_at: string | null;
                            last_collected_at: string | null;
                            extension_active: boolean;
                            next_collection_at: string | null;
                            recent_cycles: {
                                started_at: string;
                                finished_at: string | null;
                                /** @enum {string} */
                                state: "running" | "done" | "failed";
                                tasks: number;
                                failed_tasks: number;
                                new_posts: number;
                            }[];
                            /** @constant */
                            type: "company";
                            companies_count: number;
                        }[];
                        count: number;
                    } | {
                        id: string;
                        name: string;
                        slug: string;
                        description: string | null;
                        fetchFreqInHours: number;
                        disable: boolean;
                        lists: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "people" | "company";
                            members_count: number;
                            createdAt: string;
                        }[];
                        posts_count: number;
                        last_collection_at: string | null;
                        last_collected_at: string | null;
                        extension_active: boolean;
                        next_collection_at: string | null;
                        recent_cycles: {
                            started_at: string;
                            finished_at: string | null;
                            /** @enum {string} */
                            state: "running" | "done" | "failed";
                            tasks: number;
                            failed_tasks: number;
                            new_posts: number;
                        }[];
                        createdAt: string;
                        /** @constant */
                        type: "company";
                        companies_count: number;
                        companies: string[];
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiCompanyWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    companies?: unknown[];
                    name?: string;
                    description?: string;
                    list_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        /** @constant */
                        type: "company";
                        companies_count: number;
                        list_id: string;
                        created: boolean;
                    };
                };
            };
            /** @description Missing companies, or `Invalid company identifiers: …` naming the bad entries */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `List not found or access denied` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiCompanyWatchlist: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        message: string;
                    };
                };
            };
            /** @description `Missing required parameter: id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiCompanyWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name?: string;
                    fetchFreqInHours?: unknown;
                    disable?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        id: string;
                        message: string;
                        name?: string;
                        fetchFreqInHours?: number;
                        disable?: boolean;
                    };
                };
            };
            /** @description `Missing required parameter: id`, `No valid update fields provided`, `Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, `disable must be a boolean value`, `Name cannot be empty` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Unauthorized` (no key, or an invalid one) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` (unknown id, another type, another team) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            id: string;
                            url: string;
                            events: ("task.completed" | "task.failed" | "posts.collected" | "connection.accepted" | "message.received" | "reply.classified" | "network.degraded" | "network.recovered" | "summary.weekly" | "team.paused" | "member.health_changed")[];
                            created_at: string;
                            deliveries: {
                                pending: number;
                                delivered: number;
                                failed: number;
                                last_delivered_at: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its webhooks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("task.completed" | "task.failed" | "posts.collected" | "connection.accepted" | "message.received" | "reply.classified" | "network.degraded" | "network.recovered" | "summary.weekly" | "team.paused" | "member.health_changed")[];
                };
            };
        };
        responses: {
            /** @description Registered; keep the secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            id: string;
                            url: string;
                            events: ("task.completed" | "task.failed" | "posts.collected" | "connection.accepted" | "message.received" | "reply.classified" | "network.degraded" | "network.recovered" | "summary.weekly" | "team.paused" | "member.health_changed")[];
                            created_at: string;
                            deliveries: {
                                pending: number;
                                delivered: number;
                                failed: number;
                                last_delivered_at: string | null;
                            };
                        };
                        secret: string;
                    };
                };
            };
            /** @description `Missing or invalid 'url'`, `Invalid 'url': must be an https URL`, `Missing or invalid 'events' …`, `A team has at most 20 webhooks` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its webhooks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiWebhooksByIdDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            id: string;
                            /** @enum {string} */
                            event: "task.completed" | "task.failed" | "posts.collected" | "connection.accepted" | "message.received" | "reply.classified" | "network.degraded" | "network.recovered" | "summary.weekly" | "team.paused" | "member.health_changed";
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            last_status: number | null;
                            last_error: string | null;
                            created_at: string;
                            delivered_at: string | null;
                            next_attempt_at: string | null;
                        }[];
                    };
                };
            };
            /** @description `Invalid webhook id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its webhooks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Webhook not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description `Invalid webhook id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied`: only an admin of the team manages its webhooks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Webhook not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Too many live connections for this team` (at most 25 at once) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiInvitations: {
        parameters: {
            query?: {
                status?: "pending" | "accepted" | "withdrawn" | "expired";
                member_email?: string;
                page?: string;
                limit?: string;
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invitations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            member: {
                                email: string;
                                name: string | null;
                            };
                            profile: {
                                profile_urn: string;
                                name: string | null;
                                profile_url: string | null;
                            };
                            invitation_urn: string | null;
                            note: string | null;
                            /** @enum {string} */
                            state: "pending" | "accepted" | "withdrawn" | "expired";
                            sent_at: string;
                            state_changed_at: string;
                            age_days: number;
                            sequence_enrollment_id: string | null;
                        }[];
                        count: number;
                        page: number;
                        limit: number;
                    };
                    "text/csv": string;
                };
            };
            /** @description Invalid `status`, `member_email`, `page` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiInbox: {
        parameters: {
            query?: {
                unread?: "true" | "false";
                classification?: string;
                member_email?: string;
                page?: string;
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of conversations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            conversation_urn: string;
                            member: {
                                email: string;
                                name: string | null;
                            };
                            unread: boolean;
                            last_activity_at: string;
                            participants: {
                                profile_urn: string;
                                name: string;
                                profile_url: string | null;
                            }[];
                            last_message: {
                                text: string;
                                sender_urn: string;
                                from_me: boolean;
                                delivered_at: string;
                            } | null;
                            awaiting_reply: boolean;
                            classification: {
                                label: string;
                                confidence: number;
                                model: string;
                            } | null;
                            classification_error: string | null;
                        }[];
                        count: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Invalid `unread`, `classification`, `member_email`, `page` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiInboxByConversationUrn: {
        parameters: {
            query?: {
                page?: string;
                limit?: string;
            };
            header?: never;
            path: {
                conversation_urn: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation and a page of its messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversation: {
                            conversation_urn: string;
                            member: {
                                email: string;
                                name: string | null;
                            };
                            unread: boolean;
                            last_activity_at: string;
                            participants: {
                                profile_urn: string;
                                name: string;
                                profile_url: string | null;
                            }[];
                            last_message: {
                                text: string;
                                sender_urn: string;
                                from_me: boolean;
                                delivered_at: string;
                            } | null;
                            awaiting_reply: boolean;
                            classification: {
                                label: string;
                                confidence: number;
                                model: string;
                            } | null;
                            classification_error: string | null;
                        };
                        messages: {
                            text: string;
                            sender_urn: string;
                            from_me: boolean;
                            delivered_at: string;
                            sender_name: string | null;
                            classification: {
                                label: string;
                                confidence: number;
                                model: string;
                            } | null;
                            classification_error: string | null;
                        }[];
                        count: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description `Invalid conversation_urn`, or an invalid `page` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Conversation not found`: the team has no conversation by that URN */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiSequences: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the sequences */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sequences: {
                            id: string;
                            name: string;
                            sender: {
                                email: string;
                                name: string | null;
                            };
                            senders: "all" | string[];
                            reply_window_days: number;
                            steps: ({
                                /** @constant */
                                type: "visit";
                            } | {
                                /** @constant */
                                type: "connection_request";
                                note?: string;
                            } | {
                                /** @constant */
                                type: "wait_for_acceptance";
                                /** @default 15 */
                                max_days: number;
                                /** @default false */
                                withdraw_if_not_accepted: boolean;
                            } | {
                                /** @constant */
                                type: "message";
                                text?: string;
                                draft?: {
                                    instructions: string;
                                };
                                /** @default 0 */
                                delay_hours: number;
                            } | {
                                /** @constant */
                                type: "like_latest_post";
                                /** @default 0 */
                                delay_hours: number;
                            })[];
                            stop_on_reply: boolean;
                            on_reply: {
                                [key: string]: ("stop" | "continue") | {
                                    wait_days: number;
                                };
                            } | null;
                            /** @enum {string} */
                            status: "active" | "paused";
                            created_at: string;
                            funnel: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                message_rate: number | null;
                                reply_rate: number | null;
                            };
                            funnel_by_sender: {
                                sender: {
                                    email: string;
                                    name: string | null;
                                };
                                funnel: {
                                    enrolled: number;
                                    invited: number;
                                    accepted: number;
                                    messaged: number;
                                    replied: number;
                                    acceptance_rate: number | null;
                                    message_rate: number | null;
                                    reply_rate: number | null;
                                };
                            }[];
                            replies_by_label: {
                                [key: string]: number;
                            };
                        }[];
                        next: string | null;
                    };
                };
            };
            /** @description Invalid `after` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiSequences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    sender_email?: string;
                    senders?: "all" | string[];
                    steps: ({
                        /** @constant */
                        type: "visit";
                    } | {
                        /** @constant */
                        type: "connection_request";
                        note?: string;
                    } | {
                        /** @constant */
                        type: "wait_for_acceptance";
                        /** @default 15 */
                        max_days?: number;
                        /** @default false */
                        withdraw_if_not_accepted?: boolean;
                    } | {
                        /** @constant */
                        type: "message";
                        text?: string;
                        draft?: {
                            instructions: string;
                        };
                        /** @default 0 */
                        delay_hours?: number;
                    } | {
                        /** @constant */
                        type: "like_latest_post";
                        /** @default 0 */
                        delay_hours?: number;
                    })[];
                    /** @default true */
                    stop_on_reply?: boolean;
                    /** @default 30 */
                    reply_window_days?: number;
                    on_reply?: {
                        [key: string]: ("stop" | "continue") | {
                            wait_days: number;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        sender: {
                            email: string;
                            name: string | null;
                        };
                        senders: "all" | string[];
                        reply_window_days: number;
                        steps: ({
                            /** @constant */
                            type: "visit";
                        } | {
                            /** @constant */
                            type: "connection_request";
                            note?: string;
                        } | {
                            /** @constant */
                            type: "wait_for_acceptance";
                            /** @default 15 */
                            max_days: number;
                            /** @default false */
                            withdraw_if_not_accepted: boolean;
                        } | {
                            /** @constant */
                            type: "message";
                            text?: string;
                            draft?: {
                                instructions: string;
                            };
                            /** @default 0 */
                            delay_hours: number;
                        } | {
                            /** @constant */
                            type: "like_latest_post";
                            /** @default 0 */
                            delay_hours: number;
                        })[];
                        stop_on_reply: boolean;
                        on_reply: {
                            [key: string]: ("stop" | "continue") | {
                                wait_days: number;
                            };
                        } | null;
                        /** @enum {string} */
                        status: "active" | "paused";
                        created_at: string;
                        funnel: {
                            enrolled: number;
                            invited: number;
                            accepted: number;
                            messaged: number;
                            replied: number;
                            acceptance_rate: number | null;
                            message_rate: number | null;
                            reply_rate: number | null;
                        };
                        funnel_by_sender: {
                            sender: {
                                email: string;
                                name: string | null;
                            };
                            funnel: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                message_rate: number | null;
                                reply_rate: number | null;
                            };
                        }[];
                        replies_by_label: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description A missing or invalid field, or `Unknown template field '{…}' in step N: …` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plan limit reached: the free plan allows 3 sequences` (the team’s plan and its cap) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` (naming the e-mail for one of `senders`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiSequencesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sequence */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        sender: {
                            email: string;
                            name: string | null;
                        };
                        senders: "all" | string[];
                        reply_window_days: number;
                        steps: ({
                            /** @constant */
                            type: "visit";
                        } | {
                            /** @constant */
                            type: "connection_request";
                            note?: string;
                        } | {
                            /** @constant */
                            type: "wait_for_acceptance";
                            /** @default 15 */
                            max_days: number;
                            /** @default false */
                            withdraw_if_not_accepted: boolean;
                        } | {
                            /** @constant */
                            type: "message";
                            text?: string;
                            draft?: {
                                instructions: string;
                            };
                            /** @default 0 */
                            delay_hours: number;
                        } | {
                            /** @constant */
                            type: "like_latest_post";
                            /** @default 0 */
                            delay_hours: number;
                        })[];
                        stop_on_reply: boolean;
                        on_reply: {
                            [key: string]: ("stop" | "continue") | {
                                wait_days: number;
                            };
                        } | null;
                        /** @enum {string} */
                        status: "active" | "paused";
                        created_at: string;
                        funnel: {
                            enrolled: number;
                            invited: number;
                            accepted: number;
                            messaged: number;
                            replied: number;
                            acceptance_rate: number | null;
                            message_rate: number | null;
                            reply_rate: number | null;
                        };
                        funnel_by_sender: {
                            sender: {
                                email: string;
                                name: string | null;
                            };
                            funnel: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                message_rate: number | null;
                                reply_rate: number | null;
                            };
                        }[];
                        replies_by_label: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description `Invalid sequence id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiSequencesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description `Invalid sequence id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiSequencesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "active" | "paused";
                    senders?: "all" | string[];
                    on_reply?: {
                        [key: string]: ("stop" | "continue") | {
                            wait_days: number;
                        };
                    } | null;
                };
            };
        };
        responses: {
            /** @description The sequence */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        sender: {
                            email: string;
                            name: string | null;
                        };
                        senders: "all" | string[];
                        reply_window_days: number;
                        steps: ({
                            /** @constant */
                            type: "visit";
                        } | {
                            /** @constant */
                            type: "connection_request";
                            note?: string;
                        } | {
                            /** @constant */
                            type: "wait_for_acceptance";
                            /** @default 15 */
                            max_days: number;
                            /** @default false */
                            withdraw_if_not_accepted: boolean;
                        } | {
                            /** @constant */
                            type: "message";
                            text?: string;
                            draft?: {
                                instructions: string;
                            };
                            /** @default 0 */
                            delay_hours: number;
                        } | {
                            /** @constant */
                            type: "like_latest_post";
                            /** @default 0 */
                            delay_hours: number;
                        })[];
                        stop_on_reply: boolean;
                        on_reply: {
                            [key: string]: ("stop" | "continue") | {
                                wait_days: number;
                            };
                        } | null;
                        /** @enum {string} */
                        status: "active" | "paused";
                        created_at: string;
                        funnel: {
                            enrolled: number;
                            invited: number;
                            accepted: number;
                            messaged: number;
                            replied: number;
                            acceptance_rate: number | null;
                            message_rate: number | null;
                            reply_rate: number | null;
                        };
                        funnel_by_sender: {
                            sender: {
                                email: string;
                                name: string | null;
                            };
                            funnel: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                message_rate: number | null;
                                reply_rate: number | null;
                            };
                        }[];
                        replies_by_label: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description `Invalid sequence id`, or an invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found`, or `No member with that e-mail in the team: …` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiSequencesByIdEnrollments: {
        parameters: {
            query?: {
                state?: "active" | "waiting_acceptance" | "replied" | "not_accepted" | "finished" | "failed" | "stopped";
                format?: "json" | "csv";
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest enrollment first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enrollments: {
                            id: string;
                            profile: {
                                input: string;
                                profile_urn: string | null;
                                name: string | null;
                            };
                            /** @enum {string} */
                            state: "active" | "waiting_acceptance" | "replied" | "not_accepted" | "finished" | "failed" | "stopped";
                            sender_email: string | null;
                            sender_reason: string | null;
                            custom: {
                                [key: string]: string;
                            };
                            current_step: {
                                index: number;
                                /** @enum {string} */
                                type: "visit" | "connection_request" | "wait_for_acceptance" | "message" | "like_latest_post";
                            } | null;
                            next_run_at: string | null;
                            waiting_reason: string | null;
                            error: string | null;
                            enrolled_at: string;
                            history: {
                                task_id: string;
                                step: number;
                                task_type: string;
                                status: string;
                                created_at: string;
                            }[];
                        }[];
                        next: string | null;
                    };
                };
            };
            /** @description `Invalid sequence id`, or an invalid `state`, `after` or `limit` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiSequencesByIdEnrollments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profiles: string[];
                };
            };
        };
        responses: {
            /** @description How many were enrolled, and who was skipped and why */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enrolled: number;
                        skipped: {
                            profile: string;
                            reason: string;
                        }[];
                        errors?: {
                            line: number;
                            reason: string;
                        }[];
                    };
                };
            };
            /** @description `Invalid sequence id`, `Missing or invalid 'profiles' …`, or `CSV header has no "profile" column` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiSequencesByIdEnrollmentsByEnrollmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                enrollment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description `Invalid sequence id` or `Invalid enrollment id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Enrollment not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiDoNotContact: {
        parameters: {
            query?: {
                q?: string;
                after?: string;
                limit?: string;
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            kind: "person" | "company";
                            value: string;
                            reason: string | null;
                            added_by: string | null;
                            added_at: string;
                            source_added_by: string | null;
                            source_added_at: string | null;
                        }[];
                        next: string | null;
                    };
                    "text/csv": string;
                };
            };
            /** @description Invalid `q`, `after`, `limit` or `format` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiDoNotContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profiles?: string[];
                    companies?: string[];
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description How many went in; values skipped (already listed, not an identifier) with why */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        added: number;
                        skipped: {
                            value: string;
                            reason: string;
                        }[];
                        errors?: {
                            line: number;
                            reason: string;
                        }[];
                    };
                };
            };
            /** @description Invalid body, or a CSV without a usable header row */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiDoNotContact: {
        parameters: {
            query: {
                value: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many entries were removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: number;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Not on the do-not-contact list` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiContactHistory: {
        parameters: {
            query: {
                profile: string;
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person’s URN (null when known by slug only) and their events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        profile_urn: string | null;
                        events: {
                            /** @enum {string} */
                            kind: "invited" | "messaged" | "connected" | "replied" | "enrolled";
                            member_email: string | null;
                            at: string;
                            sequence_id?: string;
                        }[];
                    };
                    "text/csv": string;
                };
            };
            /** @description `Missing or invalid 'profile'`, or `Invalid 'profile': not a profile URL, slug or URN` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiStatsWatchlistsById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                bucket?: "day" | "week";
                tz?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buckets and the totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watchlist_id: string;
                        from: string;
                        to: string;
                        /** @enum {string} */
                        bucket: "day" | "week";
                        tz: string;
                        buckets: {
                            posts: number;
                            engagement: number;
                            trending: number;
                            trending_share: number | null;
                            unknown_counts: number;
                            start: string;
                        }[];
                        totals: {
                            posts: number;
                            engagement: number;
                            trending: number;
                            trending_share: number | null;
                            unknown_counts: number;
                            top_authors: {
                                author_name: string;
                                author_url: string;
                                posts: number;
                                engagement: number;
                            }[];
                        };
                    };
                };
            };
            /** @description A bad parameter, named (`Invalid 'tz': …`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Watchlist not found or access denied` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiStatsSequencesById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                bucket?: "day" | "week";
                tz?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buckets and the totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sequence_id: string;
                        from: string;
                        to: string;
                        /** @enum {string} */
                        bucket: "day" | "week";
                        tz: string;
                        buckets: {
                            enrolled: number;
                            invited: number;
                            accepted: number;
                            messaged: number;
                            replied: number;
                            acceptance_rate: number | null;
                            reply_rate: number | null;
                            start: string;
                            senders: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                reply_rate: number | null;
                                user_id: string | null;
                                email: string | null;
                            }[];
                        }[];
                        totals: {
                            enrolled: number;
                            invited: number;
                            accepted: number;
                            messaged: number;
                            replied: number;
                            acceptance_rate: number | null;
                            reply_rate: number | null;
                            senders: {
                                enrolled: number;
                                invited: number;
                                accepted: number;
                                messaged: number;
                                replied: number;
                                acceptance_rate: number | null;
                                reply_rate: number | null;
                                user_id: string | null;
                                email: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description A bad parameter, named, or `Invalid sequence id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Sequence not found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiStatsMembers: {
        parameters: {
            query: {
                email: string;
                from?: string;
                to?: string;
                bucket?: "day" | "week";
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buckets and the totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        from: string;
                        to: string;
                        /** @enum {string} */
                        bucket: "day" | "week";
                        tz: string;
                        buckets: {
                            start: string;
                            total: number;
                            actions: {
                                [key: string]: number;
                            };
                            invitations: {
                                sent: number;
                                accepted: number;
                                acceptance_rate: number | null;
                                pending: number;
                            };
                        }[];
                        totals: {
                            total: number;
                            actions: {
                                [key: string]: number;
                            };
                            budgets: {
                                /** @enum {string} */
                                task_type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                                per_day: number | null;
                                per_week: number | null;
                                used_last_day: number;
                                used_last_7_days: number;
                                used_last_30_days: number;
                                day_frees_at: string | null;
                                week_frees_at: string | null;
                            }[];
                            invitations: {
                                sent: number;
                                accepted: number;
                                acceptance_rate: number | null;
                                pending: number;
                            };
                        };
                    };
                };
            };
            /** @description A bad parameter, named (`Missing or invalid 'email'`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiApprovals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The awaiting writes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: {
                            task_id: string;
                            /** @enum {string} */
                            type: "agent_profile_fetch" | "agent_profiles_tracking" | "agent_like_post" | "agent_comment_post" | "agent_connection_request" | "agent_company_fetch" | "agent_company_posts_fetch" | "agent_profiles_search" | "agent_connections_fetch" | "agent_send_message" | "agent_keyword_tracking" | "agent_company_tracking" | "agent_conversations_fetch" | "agent_conversation_messages_fetch" | "agent_conversation_mark_read" | "agent_sent_invitations_fetch" | "agent_invitation_withdraw";
                            target: {
                                /** @enum {string} */
                                kind: "profile" | "profiles" | "post" | "company" | "keyword" | "search" | "connections" | "inbox" | "conversation" | "invitations";
                                label: string;
                                url: string | null;
                                post_id: string | null;
                            };
                            member_email: string | null;
                            member_name: string | null;
                            task_input: {
                                [key: string]: unknown;
                            };
                            text_field: string | null;
                            text: string | null;
                            queued_by: {
                                /** @enum {string} */
                                kind: "api_key" | "member" | "watchlist" | "sync" | "sequence" | "mcp" | "ai";
                                email: string | null;
                                name: string | null;
                                client: string | null;
                                model?: string;
                            } | null;
                            forced_over: {
                                member_email: string | null;
                                at: string;
                                /** @enum {string} */
                                kind: "invited" | "messaged";
                            } | null;
                            recent_contact: {
                                member_email: string | null;
                                at: string;
                                /** @enum {string} */
                                kind: "invited" | "messaged";
                            } | null;
                            created_at: string;
                            expires_at: string;
                            can_decide: boolean;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiApprovalsByTaskIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text?: string;
                };
            };
        };
        responses: {
            /** @description Approved and queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        task_id: string;
                        /** @enum {string} */
                        status: "pending" | "failed";
                        message: string;
                    };
                };
            };
            /** @description `Invalid 'task_id': must be a task id`, `Invalid 'text': …`, or `Invalid 'text': this write sends no text` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied: only an admin or the member this write runs as may approve or reject it`, or `Access denied: this API key's scope is ai (…)`: a call with an `ai` key never decides, even with a member’s token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No write awaiting approval with that id` (another team’s, already decided, or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: this person is on the team’s do-not-contact list …` (added while it waited) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiApprovalsByTaskIdReject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rejected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        task_id: string;
                        /** @enum {string} */
                        status: "pending" | "failed";
                        message: string;
                    };
                };
            };
            /** @description `Invalid 'task_id': must be a task id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key`, `Invalid API Key`, or `Invalid agent token` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Access denied: only an admin or the member this write runs as may approve or reject it`, or `Access denied: this API key's scope is ai (…)`: a call with an `ai` key never decides, even with a member’s token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No write awaiting approval with that id` (another team’s, already decided, or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiDrafts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    kind: "comment";
                    member_email: string;
                    instructions?: string;
                    /** Format: uuid */
                    post_id: string;
                } | {
                    /** @constant */
                    kind: "reply";
                    member_email: string;
                    instructions?: string;
                    conversation_urn: string;
                } | {
                    /** @constant */
                    kind: "invitation_note";
                    member_email: string;
                    instructions?: string;
                    profile_urn: string;
                } | {
                    /** @constant */
                    kind: "message";
                    member_email: string;
                    instructions?: string;
                    profile_urn: string;
                };
            };
        };
        responses: {
            /** @description The draft, awaiting approval */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                        /** @enum {string} */
                        kind: "comment" | "reply" | "invitation_note" | "message";
                        member_email: string;
                        text: string;
                        model: string;
                        /** @constant */
                        status: "awaiting_approval";
                        expires_at: string;
                    };
                };
            };
            /** @description Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Missing API Key` or `Invalid API Key` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Plugin installation required: …` (no extension active in 48 hours), or an `ai` key while the team’s `ai_writes` is `off` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `No member with that e-mail in the team`, `Post not found`, or `Conversation not found in that member’s inbox` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Refused: …` from the write gate (the do-not-contact list, the contact window, a pending invitation), or `Refused: the member turned this kind of write off …` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Daily limit reached: the free plan allows 20 AI drafts a day` (`Retry-After`: seconds to the next UTC day), or `LinkedIn invitation limit reached` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `The model's answer was not usable: <what came back>`: the model timed out, answered an error status, or not a chat completion, or no text; nothing is queued */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `AI drafting is not configured: set LLM_API_URL` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
