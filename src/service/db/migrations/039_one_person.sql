-- One person, one row (docs/sequences.md "Enrolling people"): a sequence holds each person once,
-- whichever form of their profile (URL, slug, URN) they were enrolled by, so that its funnel counts
-- people. And an invitation that waits for an answer is found by person across the members
-- (src/service/outreach/pending-invitation.ts).

-- Slugs compare without case, as enrollment stores them; a visit used to keep the network's case.
UPDATE sequence_enrollments SET profile_slug = lower(profile_slug) WHERE profile_slug <> lower(profile_slug);

-- A row known by slug alone is the person the team knows by that slug (a profile read, or another
-- enrollment a visit resolved), so that the merge below finds every row of one person.
UPDATE sequence_enrollments e SET profile_urn = k.profile_urn
  FROM (SELECT DISTINCT ON (team_id, profile_slug) team_id, profile_slug, profile_urn
          FROM (SELECT team_id, lower(profile_slug) AS profile_slug, profile_urn, 0 AS pick FROM team_people
                 WHERE profile_slug IS NOT NULL
                UNION ALL
                SELECT team_id, profile_slug, profile_urn, 1 FROM sequence_enrollments
                 WHERE profile_slug IS NOT NULL AND profile_urn IS NOT NULL) AS known
         ORDER BY team_id, profile_slug, pick, profile_urn) AS k
 WHERE e.profile_urn IS NULL AND e.team_id = k.team_id AND e.profile_slug = k.profile_slug;

-- The rows of a person enrolled twice in one sequence merge into one: the one the person replied
-- to, else the one that contacted them, else an open one, else the earliest stays.
CREATE TEMP TABLE enrollment_merges (id uuid PRIMARY KEY, keeper uuid NOT NULL) ON COMMIT DROP;
INSERT INTO enrollment_merges (id, keeper)
SELECT id, keeper FROM (
  SELECT id, first_value(id) OVER (
           PARTITION BY sequence_id, profile_urn
           ORDER BY replied_at IS NULL, invited_at IS NULL AND messaged_at IS NULL,
                    state NOT IN ('active', 'waiting_acceptance'), created_at, id) AS keeper
    FROM sequence_enrollments WHERE profile_urn IS NOT NULL) AS r
 WHERE id <> keeper;
INSERT INTO enrollment_merges (id, keeper)
SELECT id, keeper FROM (
  SELECT id, first_value(id) OVER (
           PARTITION BY sequence_id, profile_slug
           ORDER BY replied_at IS NULL, invited_at IS NULL AND messaged_at IS NULL,
                    state NOT IN ('active', 'waiting_acceptance'), created_at, id) AS keeper
    FROM sequence_enrollments e
   WHERE profile_slug IS NOT NULL AND NOT EXISTS (SELECT 1 FROM enrollment_merges m WHERE m.id = e.id)) AS r
 WHERE id <> keeper;
-- A keeper of the first pass that merged into another in the second: its rows go to that one.
UPDATE enrollment_merges m SET keeper = k.keeper FROM enrollment_merges k WHERE k.id = m.keeper;

-- What happened to the person under either row happened to the one person.
UPDATE sequence_enrollments k
   SET invited_at = LEAST(k.invited_at, d.invited_at), accepted_at = LEAST(k.accepted_at, d.accepted_at),
       messaged_at = LEAST(k.messaged_at, d.messaged_at), replied_at = LEAST(k.replied_at, d.replied_at),
       updated_at = now()
  FROM (SELECT m.keeper, min(e.invited_at) AS invited_at, min(e.accepted_at) AS accepted_at,
               min(e.messaged_at) AS messaged_at, min(e.replied_at) AS replied_at
          FROM enrollment_merges m JOIN sequence_enrollments e ON e.id = m.id GROUP BY m.keeper) AS d
 WHERE k.id = d.keeper;
UPDATE sequence_tasks st SET enrollment_id = m.keeper FROM enrollment_merges m WHERE st.enrollment_id = m.id;
UPDATE tasks t
   SET status = 'failed', finished_at = now(), updated_at = now(),
       error = '{"code": "sequence_stopped", "message": "Cancelled: the person is already enrolled under another form of their profile"}'
  FROM sequence_enrollments e JOIN enrollment_merges m ON m.id = e.id
 WHERE t.id = e.current_task_id AND t.status = 'pending';
DELETE FROM sequence_enrollments e USING enrollment_merges m WHERE e.id = m.id;

CREATE UNIQUE INDEX sequence_enrollments_one_urn ON sequence_enrollments (sequence_id, profile_urn)
  WHERE profile_urn IS NOT NULL;
CREATE UNIQUE INDEX sequence_enrollments_one_slug ON sequence_enrollments (sequence_id, profile_slug)
  WHERE profile_slug IS NOT NULL;

-- The pending invitations of a person, whoever sent them; and the invitation a task filed.
CREATE INDEX sent_invitations_pending_person ON sent_invitations (team_id, profile_urn) WHERE state = 'pending';
CREATE INDEX sent_invitations_task ON sent_invitations (task_id) WHERE task_id IS NOT NULL;
