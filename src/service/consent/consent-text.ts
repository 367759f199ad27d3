import {
  type ConsentLine,
  TASK_KINDS,
  TASK_TYPES,
  type TaskType,
} from '../../contract/task-kinds.js';

/**
 * The consent text (docs/agent-protocol.md, "Consent"), owned here. Change a word, change
 * REVISION: every member is asked again, since nobody has agreed to the new words.
 */
export const REVISION = '2026-11-27';

/**
 * SQL: the version every membership is asked now, as `consentText` names it: for statements that
 * must see the consent as it is when they run (the claim's, during a long poll).
 */
export const CURRENT_VERSION_SQL = `'${REVISION}'`;

export interface ConsentText {
  version: string;
  text: string;
  /** The kinds the text says the team can queue for this member. */
  task_types: TaskType[];
}

const INTRO = `What this extension does in your name

While it runs, the Network Agent extension works in this browser, signed in to the network as you. It takes tasks your team queues and does them with your account. Tasks are queued by your team's admins (in the team dashboard), by any program that holds your team's API key, and by the service itself (the team's watchlists, the steps of sequences your team starts, and regular reads of the connections, inbox and invitations of members who send invitations or messages through it). Nobody asks you before each one.`;

/**
 * What each kind does in the member's name, one line per `consent` of src/contract/task-kinds.ts,
 * in this order; a line is said when the team can queue one of its kinds for the member.
 */
const LINES: Record<ConsentLine, string> = {
  reads: 'Reading profiles, company pages, posts and searches. Nobody is told.',
  own_reads:
    'Reading your connections, your conversations and their messages, and the invitations you sent. What is read goes to your team.',
  likes: 'Likes on posts.',
  comments: 'Comments on posts, with words someone else wrote.',
  messages:
    'Messages to your connections, with words someone else wrote, and marking conversations as read.',
  withdrawals: 'Withdrawing connection requests you sent.',
  connection_requests:
    "Connection requests (invitations), with a note someone else wrote: those a program asks for run as the team's oldest admin, and your team's sequences may send theirs from any member's account, yours included.",
};

const RISK = `The risk is to your network account. The network's User Agreement does not allow software to act on an account automatically. The network looks for extensions like this one and has restricted and banned accounts that used them. Using this extension can get your account restricted or banned.`;

const CONTROL = `You stay in control:
- You can turn off likes, comments, connection requests, messages or withdrawals of requests for your account. They are then never given to you.
- You can pause the extension at any time in its popup. No admin can undo your pause.
- The popup lists every like, comment, connection request, message and withdrawal done in your name, and who queued it.
- You can withdraw this agreement at any time. Nothing runs in your name until you agree again.`;

const DATA = `What goes to your team's service: your e-mail and name, who you are on the network (your profile's address), whether you are signed in to the network and whether you paused, and the results of the tasks you run (what was read, what was done).`;

/**
 * The text every member is asked: any kind can run in any member's name (sequences send their
 * connection requests and messages from each of their senders' accounts), so one text says it all.
 */
export function consentText(): ConsentText {
  const lines = (Object.keys(LINES) as ConsentLine[])
    .filter((line) => TASK_TYPES.some((t) => TASK_KINDS[t].consent === line))
    .map((line) => `- ${LINES[line]}`);
  const canQueue = `Your team can queue these in your name:\n${lines.join('\n')}`;
  // The risk right after what it is: read before the list, never below the fold.
  const paragraphs = [INTRO, RISK, canQueue, CONTROL, DATA];
  return { version: REVISION, text: paragraphs.join('\n\n'), task_types: [...TASK_TYPES] };
}
