import { describe, expect, test } from 'vitest';
import { CreateSequenceBody } from '../../../src/contract/sequences.js';
import {
  defaultSteps,
  draftStep,
  preview,
  SAMPLE_PERSON,
  sendersBody,
  stepBody,
  stepsSummary,
} from '../../../src/dashboard/sequence-builder.js';

describe('the sequence builder of the dashboard', () => {
  test('every kind of step, as the form makes it, is a body POST /api-sequences takes', () => {
    const steps = [...defaultSteps(), draftStep('like_latest_post')].map(stepBody);
    const parsed = CreateSequenceBody.safeParse({ name: 'Founders', steps });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(stepsSummary(parsed.data!.steps)).toBe(
      'Visit → Invite with a note → Wait ≤ 15 d, then withdraw → Message after 24 h → Like latest post',
    );
    // An empty note is no note at all, not an empty one.
    expect(stepBody(draftStep('connection_request', '  '))).toEqual({ type: 'connection_request' });
  });

  test('the preview fills with the sample person, and falls back where a field is empty', () => {
    const note = draftStep(
      'connection_request',
      'Hi {first_name|there}, how is {company|your company}?',
    );
    expect(preview(note, 1, SAMPLE_PERSON)).toEqual({
      ok: true,
      text: 'Hi Ada, how is Analytical Engines?',
    });
    expect(preview(note, 1, { ...SAMPLE_PERSON, first_name: ' ', company: '' })).toEqual({
      ok: true,
      text: 'Hi there, how is your company?',
    });
    expect(preview(draftStep('visit'), 0, SAMPLE_PERSON)).toBeNull();
    expect(preview(draftStep('connection_request'), 1, SAMPLE_PERSON)).toBeNull();
  });

  test('what the service would refuse or fail, in its own words', () => {
    expect(preview(draftStep('message', 'Hi {title}'), 3, SAMPLE_PERSON)).toEqual({
      ok: false,
      error:
        "Unknown template field '{title}' in step 4: use {first_name}, {last_name}, {company}, {headline}, each with an optional fallback such as {first_name|there}",
    });
    expect(preview(draftStep('message', 'About your {headline}'), 3, SAMPLE_PERSON)).toEqual({
      ok: false,
      error:
        'This person’s step would fail: the message needs {headline}, which is empty for this person and has no fallback.',
    });
    expect(
      preview(draftStep('connection_request', `{first_name} ${'x'.repeat(299)}`), 1, SAMPLE_PERSON),
    ).toEqual({
      ok: false,
      error:
        'This person’s step would fail: the note is 303 characters once filled; the network takes 300.',
    });
    expect(preview(draftStep('message', ''), 3, SAMPLE_PERSON)).toEqual({
      ok: false,
      error: "Missing or invalid 'text'",
    });
  });

  test('the sender choices are bodies POST /api-sequences takes, and a custom field previews', () => {
    const steps = [stepBody(draftStep('visit'))];
    for (const [body, senders] of [
      [sendersBody('one', ' ada@x.test ', []), undefined],
      [sendersBody('list', '', ['ada@x.test', 'bob@x.test']), ['ada@x.test', 'bob@x.test']],
      [sendersBody('all', 'ada@x.test', ['bob@x.test']), 'all'],
    ] as const) {
      const parsed = CreateSequenceBody.safeParse({ name: 'Pool', steps, ...body });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data!.senders).toEqual(senders);
    }
    expect(sendersBody('one', ' ada@x.test ', [])).toEqual({ sender_email: 'ada@x.test' });
    const note = draftStep('connection_request', 'Hi {first_name}, as {custom.role|a founder}');
    expect(preview(note, 0, SAMPLE_PERSON)).toEqual({ ok: true, text: 'Hi Ada, as a founder' });
    expect(preview(note, 0, { ...SAMPLE_PERSON, 'custom.role': 'CTO' })).toEqual({
      ok: true,
      text: 'Hi Ada, as CTO',
    });
  });

  test('a message drafted by the team’s AI is a draft step the service takes, with nothing to preview', () => {
    const written = draftStep('message', 'Thanks, {first_name|there}!');
    const drafted = { ...written, drafted: true, instructions: ' Invite them to our meetup. ' };
    expect(stepBody(drafted)).toEqual({
      type: 'message',
      draft: { instructions: ' Invite them to our meetup. ' },
      delay_hours: 24,
    });
    const parsed = CreateSequenceBody.safeParse({
      name: 'Drafted',
      steps: [
        stepBody(draftStep('visit')),
        stepBody(drafted),
        stepBody({ ...drafted, delay_hours: 0, instructions: '' }),
      ],
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data!.steps[1]).toEqual({
      type: 'message',
      draft: { instructions: 'Invite them to our meetup.' },
      delay_hours: 24,
    });
    expect(stepsSummary(parsed.data!.steps)).toBe(
      'Visit → Drafted message after 24 h → Drafted message',
    );
    // The written text it had is not sent beside the draft (the service takes one of the two).
    expect(preview(drafted, 1, SAMPLE_PERSON)).toBeNull();
    // Back to a text of one's own: the text is kept, and previews again.
    expect(stepBody({ ...drafted, drafted: false })).toEqual({
      type: 'message',
      text: 'Thanks, {first_name|there}!',
      delay_hours: 24,
    });
    expect(preview({ ...drafted, drafted: false }, 1, SAMPLE_PERSON)).toEqual({
      ok: true,
      text: 'Thanks, Ada!',
    });
  });
});
