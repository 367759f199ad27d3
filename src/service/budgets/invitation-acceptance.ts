/**
 * What an acceptance rate counts, for the health factor (health-inputs.ts, the last 30 days) and the
 * member's invitation chart (stats/member-invitations.ts, each bucket): of the invitations sent
 * through the service in a span (by `sent_at`), those whose person has since appeared among the
 * sender's connections, whenever that happened. Withdrawn and expired ones count as sent, never as
 * accepted. One definition, so the chart and the health score never disagree.
 */
export const ACCEPTED_SQL = `state = 'accepted'`;

/** Still waiting for an answer: neither accepted, withdrawn nor expired. */
export const PENDING_SQL = `state = 'pending'`;
