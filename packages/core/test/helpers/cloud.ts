import { startCloud, type Cloud } from '../../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../../server/src/seed/demoUsers.js';

export { startCloud, demoUsers, type Cloud };

/** The newest SMS code sent to `phone`, read from the cloud's outbox. */
export async function latestSmsCode(cloud: Cloud, phone: string): Promise<string> {
  const data = await outbox(cloud, { channel: 'sms', to: phone });
  const code = /\b(\d{6})\b/.exec(data[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

/** Outbox messages, newest first. */
export async function outbox(cloud: Cloud, query: { channel: 'sms' | 'email'; to: string }) {
  const response = await fetch(`${cloud.url}/cloud/outbox/messages?channel=${query.channel}&to=${encodeURIComponent(query.to)}`);
  const { data } = (await response.json()) as { data: { id: number; body: string }[] };
  return data.sort((a, b) => b.id - a.id);
}
