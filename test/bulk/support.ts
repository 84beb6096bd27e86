import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import type { BotWorld } from '../support/bot-world.ts';

/** The run a bulk message's button names (`bk:<action>:<run>`). */
export function runIdOf(message: ChatMessage, action: 'start' | 'resume'): string {
  const data = message.buttons
    .flat()
    .map((b) => b.data)
    .join(' ');
  const runId = new RegExp(`bk:${action}:(\\S+)`).exec(data)?.[1];
  if (runId === undefined) throw new Error(`no bk:${action} button on message ${message.id}`);
  return runId;
}

/** Makes a fresh reseller per call (their own chat and credit), IDs counting up from `firstId`. */
export function resellerMaker(world: () => BotWorld, firstId: number, namePrefix: string) {
  let next = firstId;
  return async (): Promise<StandInUser> => {
    const id = next++;
    const w = world();
    const user = w.standIn.driver.user({
      id,
      firstName: `${namePrefix}${id}`,
      languageCode: 'en',
      started: true,
    });
    await w.apps[0]!.roles.change(w.apps[0]!.config.adminIds[0]!, id, 'reseller');
    return user;
  };
}
