import type { LoggerLike } from '../domain/log.ts';
import type { Redis } from 'ioredis';
import type { UserDirectory } from '../accounts/names.ts';
import type { OrderCallbacks } from '../bot/callback-data/order.ts';
import type { Translate } from '../lib/html.ts';
import type { AdminAlert } from '../orders/alerts.ts';
import type { Outbox } from './outbox.ts';
import { alertMessages, alertUser } from './alert-text.ts';

/**
 * Where admin alerts and reports go (alerts.ts holds the alerts in bursts): to ALERT_CHAT_ID, or privately to each
 * admin in their language, through the durable outbox under keys that make every retry harmless.
 */

/** Where alerts go and what words them. */
export interface AlertRecipients {
  redis: Redis;
  outbox: Pick<Outbox, 'enqueue'>;
  t: Translate;
  callbacks: OrderCallbacks;
  /** The names of the users alerts are about, read when a burst is delivered. */
  names: Pick<UserDirectory, 'people'>;
  /** ALERT_CHAT_ID: when set every alert goes there, else to each admin privately. */
  alertChatId?: number;
  /** Language of the alert chat. */
  alertChatLocale?: string;
  admins: () => Promise<Array<{ id: number; locale: string }>>;
}

export interface AlertGrouping {
  /** A group is closed when no new alert came for this long… */
  quietMs: number;
  /** …or when its first alert is this old (so ten failures in a minute arrive as one message). */
  maxHoldMs: number;
  /** Order lines per message before splitting. */
  maxLinesPerMessage: number;
  /** Open-order buttons per message. */
  maxButtons: number;
}

/** An alert as its burst holds it. */
export interface PendingAlert {
  alert: AdminAlert;
  at: number;
}

export interface AlertDeliveryDeps extends AlertRecipients {
  grouping: AlertGrouping;
  logger: LoggerLike;
}

/** Creates the delivery of admin alerts (a closed burst's group) and reports. */
export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { redis, grouping, logger } = deps;

  async function recipients(): Promise<Array<{ id: number; locale: string }>> {
    if (deps.alertChatId !== undefined)
      return [{ id: deps.alertChatId, locale: deps.alertChatLocale ?? 'en' }];
    return deps.admins();
  }

  /** Queues a closed group's messages in the outbox (once per group, chat and part), then removes it. */
  async function deliverGroup(id: string, groupKey: string): Promise<void> {
    const alerts = (await redis.lrange(groupKey, '0', '-1')).map(
      (line) => (JSON.parse(line) as PendingAlert).alert,
    );
    const targets = alerts.length > 0 ? await recipients() : [];
    if (alerts.length > 0 && targets.length === 0) {
      logger.warn({ alerts: alerts.length }, 'no admin and no ALERT_CHAT_ID: alerts dropped');
    }
    // One read for the whole burst, whatever its recipients: a burst with no user in it reads nothing.
    const people = await deps.names.people(alerts.map(alertUser).filter((id) => id !== undefined));
    for (const to of targets) {
      const messages = await alertMessages(alerts, to.locale, { ...deps, people }, grouping);
      for (const [index, message] of messages.entries()) {
        await deps.outbox.enqueue(
          {
            kind: 'send',
            chatId: to.id,
            text: message.text,
            ...(message.buttons.length > 0 ? { replyMarkup: { inline_keyboard: message.buttons } } : {}),
          },
          { key: `alert:${id}:${to.id}:${index}` },
        );
      }
    }
  }

  /**
   * Sends one report (a caption and a CSV file) to the alert chat, or to each admin in their language, through
   * the outbox; once per `id` and chat whatever the retries.
   */
  async function report(report: {
    id: string;
    caption: (locale: string) => string;
    fileName: string;
    fileText: string;
  }): Promise<number> {
    const targets = await recipients();
    if (targets.length === 0)
      logger.warn({ report: report.id }, 'no admin and no ALERT_CHAT_ID: report dropped');
    for (const to of targets) {
      await deps.outbox.enqueue(
        {
          kind: 'document',
          chatId: to.id,
          fileName: report.fileName,
          fileText: report.fileText,
          caption: report.caption(to.locale),
          parseMode: 'HTML',
        },
        { key: `report:${report.id}:${to.id}` },
      );
    }
    return targets.length;
  }

  return { deliverGroup, report };
}
