import type { SequenceStep } from '../../contract/sequences.js';
import type { TemplateValues } from '../../contract/templates.js';
import type { SenderMode } from './senders.js';

/** One enrollment as the engine reads it, with its sequence's steps and sender. */
export interface EnrollmentRow {
  id: string;
  team_id: string;
  sequence_id: string;
  sender_user_id: string;
  /** The sequence's pool (senders.ts) and its default sender. */
  sender_mode: SenderMode;
  sender_user_ids: string[];
  default_sender_id: string;
  steps: SequenceStep[];
  profile_input: string;
  profile_slug: string | null;
  profile_urn: string | null;
  name: string | null;
  fields: TemplateValues;
  state: string;
  step_index: number;
  phase: string | null;
  current_task_id: string | null;
  conversation_urn: string | null;
  invited_at: Date | null;
  accepted_at: Date | null;
  messaged_at: Date | null;
  replied_at: Date | null;
  last_step_at: Date;
  /** A reply sorted to wait (label-on-reply.ts) holds the next step until then. */
  reply_wait_until: Date | null;
  created_at: Date;
}

export const ENROLLMENT_SELECT = `SELECT e.id, e.team_id, e.sequence_id, COALESCE(e.sender_user_id, s.sender_user_id) AS sender_user_id,
       s.sender_mode, s.sender_user_ids, s.sender_user_id AS default_sender_id, s.steps, e.profile_input, e.profile_slug, e.profile_urn,
       e.name, e.fields, e.state, e.step_index, e.phase, e.current_task_id, e.conversation_urn, e.invited_at, e.accepted_at,
       e.messaged_at, e.replied_at, e.last_step_at, e.reply_wait_until, e.created_at
  FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id`;
