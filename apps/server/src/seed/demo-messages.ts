import type { App } from '../app.ts';
import { actorOf } from '../lib/access.ts';
import { backdateConversation, markAllConversationsEmailed } from '../modules/messaging/index.ts';
import { conversationCount, firstOtherEmployer, firstOtherProposer, projectBetween } from './demo.repository.ts';

const MINUTE = 60_000;

type Line = { from: 'employer' | 'professional'; text: string; minutesAgo: number };

/** What the demo's people wrote to each other, oldest first. */
const scripts: Record<'omarLayla' | 'omarOther' | 'laylaOther', Line[]> = {
  omarLayla: [
    {
      from: 'employer',
      text: 'Hi Layla, I liked your proposal. Could you share a rough plan for the first two weeks?',
      minutesAgo: 3 * 1440 + 95,
    },
    {
      from: 'professional',
      text: 'Thank you Omar! Week one: discovery and wireframes. Week two: the first screens in Arabic and English.',
      minutesAgo: 3 * 1440 + 60,
    },
    { from: 'employer', text: 'Sounds good. Our team works Sunday to Thursday, 9 to 6 Dubai time.', minutesAgo: 2 * 1440 + 300 },
    { from: 'professional', text: 'ممتاز، سأرسل التصاميم الأولى يوم الخميس إن شاء الله.', minutesAgo: 1440 + 200 },
    { from: 'employer', text: 'Great. The budget for the first milestone is AED 4,500, due on the 15th.', minutesAgo: 1440 + 120 },
    {
      from: 'professional',
      text: 'Agreed. I have uploaded the first wireframes to the milestone. Let me know what you think!',
      minutesAgo: 35,
    },
  ],
  omarOther: [
    { from: 'employer', text: 'Hello, thanks for your proposal. Are you available to start next week?', minutesAgo: 2 * 1440 + 30 },
    { from: 'professional', text: 'Yes, I can start on Sunday. Do you have the brand guidelines?', minutesAgo: 2 * 1440 },
    { from: 'employer', text: 'I will send them once we agree the scope.', minutesAgo: 1440 + 400 },
  ],
  laylaOther: [
    { from: 'employer', text: 'مرحبا ليلى، شكرًا على عرضك. هل لديك أمثلة لتطبيقات باللغة العربية؟', minutesAgo: 4 * 1440 + 10 },
    { from: 'professional', text: 'أهلًا! نعم، تجد ثلاثة أمثلة في ملفي الشخصي على مهنة.', minutesAgo: 4 * 1440 - 30 },
  ],
};

/**
 * A few conversations of the demo accounts, in English and Arabic, over the last days: the demo
 * employer with the demo professional and with another who proposed on their project, and the demo
 * professional with an employer whose project she applied to. Sent through the messaging service as
 * people send them, then dated in the past. Added once, when there are no conversations yet.
 */
export async function seedDemoMessages(app: App, now: Date, demo: { employerId?: string; professionalId?: string }) {
  const { db } = app.services.database;
  const { messaging } = app.services;
  if ((await conversationCount(db)) > 0 || !demo.employerId || !demo.professionalId) return { conversations: 0 };
  const { employerId, professionalId } = demo;

  // Someone else who proposed on one of the demo employer's projects, and another employer the demo professional applied to.
  const otherProfessional = await firstOtherProposer(db, employerId, professionalId);
  const otherEmployer = await firstOtherEmployer(db, professionalId, employerId);
  const laylaJob = await projectBetween(db, professionalId, employerId);

  const pairs = [
    { employer: employerId, professional: professionalId, jobId: laylaJob?.jobId, lines: scripts.omarLayla },
    ...(otherProfessional
      ? [{ employer: employerId, professional: otherProfessional.workerId, jobId: otherProfessional.jobId, lines: scripts.omarOther }]
      : []),
    ...(otherEmployer
      ? [{ employer: otherEmployer.employerId, professional: professionalId, jobId: otherEmployer.jobId, lines: scripts.laylaOther }]
      : []),
  ];

  for (const pair of pairs) {
    const employer = actorOf({ id: pair.employer, role: 'employer' });
    const professional = actorOf({ id: pair.professional, role: 'professional' });
    const { conversation } = await messaging.start(employer, { participant_id: pair.professional, job_id: pair.jobId });
    const sent: { id: number; at: Date }[] = [];
    for (const line of pair.lines) {
      const message = await messaging.send(line.from === 'employer' ? employer : professional, conversation.id, { body: line.text });
      sent.push({ id: message.id, at: new Date(now.getTime() - line.minutesAgo * MINUTE) });
    }
    // Dated as they were written; the order of ids (the order of the stream) stays the order of the times.
    await backdateConversation(db, conversation.id, sent);
  }
  // Nobody was e-mailed about these: they are the demo's past.
  await markAllConversationsEmailed(db);
  return { conversations: pairs.length };
}
